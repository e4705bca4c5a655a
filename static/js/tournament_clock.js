// The tournament clock (templates/tournaments/_clock.html). The server renders the
// running time at that moment (data-elapsed, ms) and whether the clock runs; this
// script counts on from there with the browser's monotonic clock and works out the
// level in play from the items' lengths (data-items), so every screen changes level
// at the same moment without asking the server, and shows a banner (and, once the
// sound is switched on, a tone) at each level change and a minute before a break.
// The server is asked again only when the tournament changes (the poll's ETag).
// Without this script the page shows the server's time, refreshed by its poll.
(function () {
  "use strict";
  var TICK_MS = 100;
  var BANNER_MS = 10000;
  var audio = null;
  var lastIndex = null; // the level shown before a swap: a host's move is a change too

  function text(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(total / 3600);
    var m = Math.floor((total % 3600) / 60);
    var s = total % 60;
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
  }

  function position(items, elapsed) {
    var begin = 0;
    for (var i = 0; i < items.length; i++) {
      if (elapsed < begin + items[i].ms) return { index: i, left: begin + items[i].ms - elapsed };
      begin += items[i].ms;
    }
    return { index: items.length - 1, left: 0 };
  }

  function tone() {
    if (!audio) return;
    [0, 0.35].forEach(function (at) {
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.25, audio.currentTime + at);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + at + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + at);
      osc.stop(audio.currentTime + at + 0.3);
    });
  }

  function announce(el, message) {
    var banner = el.querySelector("[data-clock-banner]");
    if (!banner || !message) return;
    banner.textContent = message;
    banner.hidden = false;
    clearTimeout(el.bannerTimer);
    el.bannerTimer = setTimeout(function () { banner.hidden = true; }, BANNER_MS);
    tone();
  }

  function show(el, items, index) {
    var item = items[index];
    var set = function (name, value) {
      var node = el.querySelector("[data-clock-" + name + "]");
      if (node) node.textContent = value;
    };
    set("title", item.title);
    set("blinds", item.blinds);
    set("next", item.next);
    el.classList.toggle("is-break", !!item["break"]);
    // When each screen changed level, for anyone comparing screens (the browser tests).
    document.body.setAttribute("data-level-index", String(index));
    document.body.setAttribute("data-level-changed-at", String(Date.now()));
  }

  function start(el) {
    if (el.getAttribute("data-counting")) return;
    el.setAttribute("data-counting", "1");
    var items = JSON.parse(el.getAttribute("data-items") || "[]");
    if (!items.length) return;
    var running = el.getAttribute("data-running") === "1";
    var elapsed0 = parseInt(el.getAttribute("data-elapsed") || "0", 10);
    var began = performance.now();
    var warning = parseInt(el.getAttribute("data-break-warning") || "60000", 10);
    var soon = el.getAttribute("data-break-soon") || "";
    var shown = parseInt(el.getAttribute("data-index") || "0", 10);
    var warned = -1;
    var timeLeft = el.querySelector("[data-clock-left]");
    if (lastIndex !== null && lastIndex !== shown) announce(el, items[shown].banner);
    if (lastIndex !== shown) show(el, items, shown);
    lastIndex = shown;

    function tick() {
      if (!document.body.contains(el)) { clearInterval(timer); return; }
      var elapsed = elapsed0 + (running ? performance.now() - began : 0);
      var here = position(items, elapsed);
      if (here.index !== shown) {
        shown = lastIndex = here.index;
        show(el, items, shown);
        announce(el, items[shown].banner);
      }
      if (timeLeft) timeLeft.textContent = text(here.left);
      var next = items[here.index + 1];
      if (running && next && next["break"] && here.left <= warning && warned !== here.index) {
        warned = here.index;
        announce(el, soon);
      }
    }
    var timer = setInterval(tick, TICK_MS);
    tick();
  }

  function scan(root) {
    root = root || document;
    // A swapped-in clock is the root itself (its poll replaces it whole).
    if (root.matches && root.matches("[data-tournament-clock]")) start(root);
    var clocks = root.querySelectorAll("[data-tournament-clock]");
    for (var i = 0; i < clocks.length; i++) start(clocks[i]);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-clock-sound]");
    if (!button) return;
    // Browsers play sound only after a tap: the tap makes the audio context.
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    audio = audio || new Context();
    audio.resume();
    button.textContent = button.getAttribute("data-text-on") || button.textContent;
    button.setAttribute("aria-pressed", "true");
    tone();
  });
  document.addEventListener("DOMContentLoaded", function () { scan(document); });
  document.addEventListener("htmx:load", function (event) { scan(event.target); });
})();
