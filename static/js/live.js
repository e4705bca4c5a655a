// Moves on every screen at once (gamenight/live/). The page's live part sits in
// an element with htmx's SSE extension (`hx-ext="sse" sse-connect=...`), and its
// poller is triggered by "sse:changed" as well as by its 1 s timer. This script
// shows the connection's state and, while the stream is open, skips the timer's
// requests save one safety poll every SAFETY_MS; when the stream drops, the timer
// polls every second again until the extension has reconnected. Without this
// script or without EventSource the page simply polls.
(function () {
  "use strict";
  var SAFETY_MS = 10000;
  var live = false;
  var lastFetch = Date.now();

  function show(state) {
    var boxes = document.querySelectorAll("[data-live-state]");
    for (var i = 0; i < boxes.length; i++) {
      boxes[i].setAttribute("data-state", state);
      boxes[i].textContent = boxes[i].getAttribute("data-text-" + state) || "";
    }
  }

  document.addEventListener("htmx:sseOpen", function () {
    live = true;
    show("live");
  });
  document.addEventListener("htmx:sseError", function () {
    live = false;
    show("reconnecting");
  });
  document.addEventListener("htmx:confirm", function (event) {
    var el = event.target;
    if (!el.classList || !el.classList.contains("poller")) return;
    var trigger = event.detail && event.detail.triggeringEvent;
    if (!live || (trigger && trigger.type === "sse:changed")) {
      lastFetch = Date.now();
      return;
    }
    if (Date.now() - lastFetch < SAFETY_MS) event.preventDefault();
    else lastFetch = Date.now();
  });
})();
