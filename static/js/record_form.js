// The record form's taps done in the page (gamenight/views/recording.py _apply_act
// does the same on the server when this script is off): steppers by the night's bet,
// "=" the highest bet, everyone antes and calls, the state control, the finishing
// order. After each change the bar at the bottom asks the server what the hand
// settles ("recalc"); after a refused Confirm the first message at a field is
// scrolled into view; the night page's confirmation goes away after a few seconds.
(function () {
  "use strict";

  var STATES = ["in", "folded", "allin", "out"];

  // The page runs this script: the bar follows every change (tests and CSS may ask).
  document.documentElement.classList.add("js");

  function form() { return document.getElementById("record-form"); }

  // Changes made, and the number of them the bar's last request carried: until the
  // bar shows them all it is marked busy (aria-busy).
  var changes = 0, asked = 0;

  function recalc() {
    var source = document.getElementById("bar-source");
    var bar = document.getElementById("record-bar");
    if (!source || !bar || !window.htmx) return;
    changes += 1;
    bar.setAttribute("aria-busy", "true");
    window.htmx.trigger(source, "recalc");
  }

  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.elt && event.detail.elt.id === "bar-source") asked = changes;
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "record-form") asked = changes; // drawn from all of them
    var bar = document.getElementById("record-bar");
    if (bar && asked !== changes) bar.setAttribute("aria-busy", "true");
  });

  function bet(f) { return parseInt(f.getAttribute("data-bet"), 10) || 1; }

  function number(input) { return parseInt(input.value, 10) || 0; }

  function chipsInputs(f) { return f.querySelectorAll("input[name^=chips_]"); }

  function stateOf(f, pid) {
    var input = f.querySelector("input[name=state_" + pid + "]");
    return input ? input.value || "in" : "in";
  }

  function orderInput(f) { return f.querySelector("input[name=order]"); }

  function groups(f) {
    var text = orderInput(f).value.trim();
    return text ? text.split(/\s+/).map(function (g) { return g.split("="); }) : [];
  }

  function setGroups(f, list) {
    orderInput(f).value = list.filter(function (g) { return g.length; })
      .map(function (g) { return g.join("="); }).join(" ");
    showOrder(f);
  }

  function tap(f, pid, tie) {
    var list = groups(f);
    var had = list.some(function (g) { return g.indexOf(pid) >= 0; });
    if (had) list = list.map(function (g) { return g.filter(function (p) { return p !== pid; }); });
    else if (tie && list.length) list[list.length - 1].push(pid);
    else list.push([pid]);
    setGroups(f, list);
  }

  function showOrder(f) {
    // The places shown on the names of the rows.
    var place = 1, places = {};
    groups(f).forEach(function (g) {
      g.forEach(function (p) { places[p] = place; });
      place += g.length;
    });
    f.querySelectorAll(".seats button.order").forEach(function (b) {
      var pid = b.getAttribute("data-player");
      var name = b.querySelector("strong");
      var mark = name.querySelector(".place");
      if (mark) mark.remove();
      b.classList.toggle("placed", !!places[pid]);
      b.setAttribute("aria-pressed", places[pid] ? "true" : "false");
      if (places[pid]) {
        var span = document.createElement("span");
        span.className = "place";
        span.textContent = places[pid] + " ";
        name.insertBefore(span, name.firstChild);
      }
    });
  }

  function cycle(f, button) {
    var input = f.querySelector("input[name=" + button.getAttribute("data-state-of") + "]");
    var next = STATES[(STATES.indexOf(input.value || "in") + 1) % STATES.length];
    input.value = next;
    var labels = JSON.parse(f.getAttribute("data-state-labels") || "{}");
    // The word alone: the player's name before it is the button's name for a screen reader.
    var word = button.querySelector(".state-word") || button;
    word.textContent = labels[next] || next;
    var row = button.closest(".seat");
    STATES.forEach(function (s) { row.classList.toggle("state-" + s, s === next); });
    var pid = row.getAttribute("data-player");
    if (next === "folded" || next === "out") {
      setGroups(f, groups(f).map(function (g) {
        return g.filter(function (p) { return p !== pid; });
      }));
    }
  }

  // As recording_taps.fill_chips: the call for a player still in, the ante alone for
  // one who folded, at most the stack for one all-in; one who sat out is left as is.
  function fillChips(state, call, ante, stack) {
    if (state === "out") return null;
    if (state === "folded") return Math.min(ante, stack);
    if (state === "allin") return Math.min(call, stack);
    return call;
  }

  function fill(f) {
    var call = number(f.querySelector("input[name=call]"));
    var ante = parseInt(f.getAttribute("data-ante"), 10) || 0;
    chipsInputs(f).forEach(function (i) {
      var row = i.closest(".seat");
      var stack = parseInt(row.getAttribute("data-stack"), 10);
      var chips = fillChips(stateOf(f, i.name.slice(6)), call, ante, isNaN(stack) ? call : stack);
      if (chips !== null) i.value = chips;
    });
    // The bar says what the tap did for as long as the rows hold it (the server checks).
    var filled = f.querySelector("input[name=filled]");
    if (filled) filled.value = "1";
  }

  function act(f, button) {
    var value = button.value, verb = value.split(":")[0], arg = value.split(":")[1];
    if (verb.indexOf("chips_") === 0 || verb === "call") {
      var input = f.querySelector("input[name=" + verb + "]");
      input.value = Math.max(0, number(input) + parseInt(arg, 10) * bet(f));
    } else if (verb === "same") {
      var most = 0;
      chipsInputs(f).forEach(function (i) { most = Math.max(most, number(i)); });
      f.querySelector("input[name=chips_" + arg + "]").value = most;
    } else if (verb === "fill") {
      fill(f);
      return true;
    } else if (verb === "cycle") {
      cycle(f, button);
    } else if (verb === "tap") {
      var state = stateOf(f, arg);
      if (state === "folded" || state === "out") return true; // no showdown for them
      var tie = f.querySelector("#tie-next");
      tap(f, arg, !!(tie && tie.checked));
      if (tie) tie.checked = false;
    } else {
      return false;
    }
    return true;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("#record-form button[name=act]");
    if (!button) return;
    if (act(form(), button)) {
      event.preventDefault();
      recalc();
    }
  });

  document.addEventListener("input", function (event) {
    if (event.target.closest("#record-form") && !event.target.closest("#record-bar")) recalc();
  });
  document.addEventListener("change", function (event) {
    if (event.target.closest("#record-form") && !event.target.closest("#record-bar")) recalc();
  });

  // A refused Confirm: the first message at a field, where the host can fix it
  // (the bar's own recalculations never move the page).
  document.addEventListener("htmx:afterSettle", function (event) {
    var f = form();
    var target = event.detail.target;
    if (!f || (target && target.id === "record-bar")) return;
    var error = f.querySelector(".seats .errorlist, .field + .errorlist, #finish .errorlist");
    if (error) error.scrollIntoView({ block: "center" });
  });

  // The bar's height, for the page's scroll padding (app.css): a control that takes the
  // focus is scrolled above the bar, never left under it.
  function keepBarHeight() {
    var bar = document.getElementById("record-bar");
    var root = document.documentElement;
    if (!bar) { root.style.removeProperty("--bottom-bar"); return; }
    root.style.setProperty("--bottom-bar", bar.offsetHeight + "px");
  }
  if (window.ResizeObserver) {
    var watching = null;
    var observer = new ResizeObserver(keepBarHeight);
    var watch = function () {
      var bar = document.getElementById("record-bar");
      if (bar === watching) return;
      if (watching) observer.unobserve(watching);
      watching = bar;
      if (bar) observer.observe(bar);
      keepBarHeight();
    };
    document.addEventListener("DOMContentLoaded", watch);
    document.addEventListener("htmx:afterSettle", watch);
  }

  // The night page's "recorded" card: its Undo is offered for a few seconds.
  function expire() {
    var card = document.getElementById("recorded");
    if (!card) return;
    var seconds = parseInt(card.getAttribute("data-expires"), 10) || 10;
    window.setTimeout(function () {
      var undo = card.querySelector(".recorded-undo");
      if (undo) undo.remove();
    }, seconds * 1000);
  }
  document.addEventListener("DOMContentLoaded", expire);
})();
