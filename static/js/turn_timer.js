// Counts a turn timer down from the seconds the server says are left (data-left).
// It only shows the time: the server decides when the turn is up. A timer with
// data-refresh asks for its page again at zero, so the server's answer (the host's
// prompt) appears without a reload.
(function () {
  "use strict";

  function show(el, left) {
    var strong = el.querySelector("[data-turn-left]");
    if (strong) strong.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    if (left === 0) {
      el.classList.add("up");
      var label = el.querySelector(".turn-timer-label");
      if (label && el.getAttribute("data-up-text")) label.textContent = el.getAttribute("data-up-text");
    }
  }

  function start(el) {
    if (el.getAttribute("data-counting")) return;
    el.setAttribute("data-counting", "1");
    var began = Date.now();
    var total = parseInt(el.getAttribute("data-left") || "0", 10);
    if (total <= 0) return;
    var timer = setInterval(function () {
      if (!document.body.contains(el)) { clearInterval(timer); return; }
      var left = Math.max(0, total - Math.floor((Date.now() - began) / 1000));
      show(el, left);
      if (left === 0) {
        clearInterval(timer);
        var url = el.getAttribute("data-refresh");
        // A second later, so the server's clock has passed the deadline too.
        if (url && window.htmx) setTimeout(function () {
          window.htmx.ajax("GET", url, { target: "#content", swap: "outerHTML" });
        }, 1000);
      }
    }, 250);
  }

  function scan(root) {
    var els = (root || document).querySelectorAll("[data-turn-timer]");
    for (var i = 0; i < els.length; i++) start(els[i]);
  }

  document.addEventListener("DOMContentLoaded", function () { scan(document); });
  document.addEventListener("htmx:load", function (event) { scan(event.target); });
})();
