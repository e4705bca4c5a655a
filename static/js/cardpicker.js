// The tap card picker of a recording form's cards field (templates/recording/
// _cards_field.html). A rank appends the rank alone ("K"), a suit tapped next gives
// that card its suit ("K♠"), ⌫ takes the last card back. Cards another field of the
// form already holds are greyed out. Without this script the field is a plain text
// field and the picker stays hidden. Loaded once per field: it sets itself up once.
(function () {
  "use strict";
  if (window.cardPickerReady) return;
  window.cardPickerReady = true;

  var RANKS = { "2": 0, "3": 1, "4": 2, "5": 3, "6": 4, "7": 5, "8": 6, "9": 7,
    "10": 8, T: 8, J: 9, B: 9, Q: 10, D: 10, K: 11, A: 12 };
  var SUITS = { s: 0, h: 1, d: 2, c: 3, "\u2660": 0, "\u2665": 1, "\u2666": 2, "\u2663": 3,
    "\u2664": 0, "\u2661": 1, "\u2662": 2, "\u2667": 3 };

  function tokens(text) {
    return text.split(/[\s,;]+/).filter(function (t) { return t !== ""; });
  }

  // {rank, suit} with suit null for a rank alone; null for what is not a card.
  function read(token) {
    var t = token.trim().replace(/\uFE0F/g, "");
    var upper = t.toUpperCase();
    if (Object.prototype.hasOwnProperty.call(RANKS, upper)) return { rank: RANKS[upper], suit: null };
    var rank = RANKS[t.slice(0, -1).toUpperCase()];
    var suit = SUITS[t.slice(-1).toLowerCase()];
    if (rank === undefined || suit === undefined) return null;
    return { rank: rank, suit: suit };
  }

  function fieldsOf(box) {
    var root = box.closest("form") || document;
    return root.querySelectorAll("[data-cards-input], input[name=spit], input[name=board]");
  }

  // Each card code (rank * 4 + suit) held anywhere in the form, and per rank how many
  // cards are taken (a rank alone takes one of its four).
  function used(box) {
    var cards = {}, perRank = {};
    var inputs = fieldsOf(box);
    for (var i = 0; i < inputs.length; i++) {
      var list = tokens(inputs[i].value);
      for (var j = 0; j < list.length; j++) {
        var card = read(list[j]);
        if (!card) continue;
        perRank[card.rank] = (perRank[card.rank] || 0) + 1;
        if (card.suit !== null) cards[card.rank * 4 + card.suit] = true;
      }
    }
    return { cards: cards, perRank: perRank };
  }

  function lastCard(input) {
    var list = tokens(input.value);
    return list.length ? read(list[list.length - 1]) : null;
  }

  function refresh(box) {
    var input = box.querySelector("[data-cards-input]");
    var taken = used(box);
    var ranks = box.querySelectorAll(".pick-rank");
    for (var i = 0; i < ranks.length; i++) {
      ranks[i].disabled = (taken.perRank[ranks[i].getAttribute("data-rank")] || 0) >= 4;
    }
    var last = lastCard(input);
    var suits = box.querySelectorAll(".pick-suit");
    for (var k = 0; k < suits.length; k++) {
      var suit = Number(suits[k].getAttribute("data-suit"));
      suits[k].disabled = !last || last.suit !== null || !!taken.cards[last.rank * 4 + suit];
    }
    box.querySelector("[data-pick-back]").disabled = input.value.trim() === "";
  }

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function setTokens(input, list) {
    input.value = list.join(" ");
    changed(input);
  }

  function toggle(box, open) {
    var picker = box.querySelector("[data-card-picker]");
    var button = box.querySelector("[data-cards-open]");
    picker.hidden = !open;
    button.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) refresh(box);
  }

  // The cards a hand must hold before a rank tapped goes on to the next hand: the
  // game's cards dealt (data-dealt) plus each walk the row bought. 0: never moves on.
  function need(input) {
    var dealt = Number(input.getAttribute("data-dealt") || 0);
    if (!dealt || !input.form) return 0;
    var pid = input.name.replace(/^cards_/, "");
    var typed = input.form.querySelector("[name=walk_" + pid + "]");
    var tick = input.form.querySelector("[name=walks_" + pid + "]");
    var walks = 0;
    if (typed && typed.value.trim() !== "") walks = tokens(typed.value).length;
    else if (tick && tick.checked) walks = 1;
    return dealt + walks;
  }

  // The hands on screen, in the order of the table (a folded player's are hidden).
  function shownBoxes() {
    var all = document.querySelectorAll("[data-cards-field]");
    return Array.prototype.filter.call(all, function (b) { return b.offsetParent !== null; });
  }

  function openOnly(box) {
    var all = document.querySelectorAll("[data-cards-field]");
    for (var i = 0; i < all.length; i++) toggle(all[i], all[i] === box);
    box.scrollIntoView({ block: "nearest" });
  }

  // A full hand: the next rank starts the next hand still without its cards, so the
  // host taps the table's cards through without opening each picker.
  function nextHand(box) {
    var boxes = shownBoxes();
    for (var i = boxes.indexOf(box) + 1; i < boxes.length; i++) {
      var input = boxes[i].querySelector("[data-cards-input]");
      if (input.value.trim() === "") return boxes[i];
    }
    return null;
  }

  // Showing cards instead of the finishing order opens the first hand's picker.
  document.addEventListener("change", function (event) {
    if (!event.target.matches || !event.target.matches("#with-cards") || !event.target.checked) {
      return;
    }
    var first = shownBoxes().filter(function (b) {
      return b.querySelector("[data-cards-input]").value.trim() === "";
    })[0];
    if (first && first.querySelector("[data-cards-open]:not([hidden])")) openOnly(first);
  });

  document.addEventListener("click", function (event) {
    var target = event.target.closest("button");
    var box = target && target.closest("[data-cards-field]");
    if (!box) return;
    var input = box.querySelector("[data-cards-input]");
    var list = tokens(input.value);
    if (target.hasAttribute("data-cards-open")) {
      var opening = box.querySelector("[data-card-picker]").hidden;
      var all = document.querySelectorAll("[data-cards-field]");
      for (var i = 0; i < all.length; i++) if (all[i] !== box) toggle(all[i], false);
      toggle(box, opening);
      return;
    }
    if (target.classList.contains("pick-rank")) {
      var full = need(input);
      var next = full && list.length >= full ? nextHand(box) : null;
      if (next) {
        openOnly(next);
        var nextInput = next.querySelector("[data-cards-input]");
        setTokens(nextInput, [target.getAttribute("data-token")]);
        refresh(next);
        return;
      }
      list.push(target.getAttribute("data-token"));
    } else if (target.classList.contains("pick-suit")) {
      var last = lastCard(input);
      if (!last || last.suit !== null) return;
      list[list.length - 1] = list[list.length - 1] + target.getAttribute("data-token");
    } else if (target.hasAttribute("data-pick-back")) {
      list.pop();
    } else {
      return;
    }
    setTokens(input, list);
    refresh(box);
  });

  // Typing changes what is taken: the open picker follows.
  document.addEventListener("input", function (event) {
    if (!event.target.matches || !event.target.matches("input")) return;
    var open = document.querySelectorAll("[data-cards-field] [data-card-picker]:not([hidden])");
    for (var i = 0; i < open.length; i++) refresh(open[i].closest("[data-cards-field]"));
  });

  function enhance(root) {
    var buttons = (root || document).querySelectorAll("[data-cards-open][hidden]");
    for (var i = 0; i < buttons.length; i++) buttons[i].hidden = false;
  }

  // A form shown again (after a preview) names the hands already typed; a field the
  // form refused shows the form's message already, not the same one twice. Only
  // once htmx has set up the fields (htmx:load), or the event would find no listener.
  function nameTyped(root) {
    var inputs = (root || document).querySelectorAll("[data-cards-input]");
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[i];
      if (input.value.trim() === "" || input.getAttribute("aria-invalid") === "true") continue;
      if (window.htmx) window.htmx.trigger(input, "cardsname");
    }
  }

  enhance(document);
  document.addEventListener("DOMContentLoaded", function () { enhance(document); });
  document.addEventListener("htmx:load", function (event) {
    enhance(event.target);
    nameTyped(event.target);
  });
})();
