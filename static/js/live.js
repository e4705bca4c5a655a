// Moves on every screen at once (gamenight/live/). The page's live part (#live) sits
// in an element with htmx's SSE extension: the stream pushes the new part after
// every change (event "live", swapped in by sse-swap; its id is the part's ETag),
// or says "changed" / "gone", on which the poller fetches the part itself. This
// script
// * shows the connection's state;
// * leaves a pushed part alone that the page shows already (its own move's answer);
// * while the stream is open, holds back the poller's 1 s timer save one safety
//   poll every SAFETY_MS; when the stream drops, the timer polls every second
//   until the extension has reconnected, and the stream then sends the current
//   part at once if the page missed a change (the page's ETag travels with it);
// * keeps a move tapped while the connection was down and sends it again, with
//   the same request key, once the connection is back: the server applies a key
//   once, so the move lands once, or is refused with the page's message when the
//   hand has moved on meanwhile.
// Without this script or without EventSource the page simply polls.
(function () {
  "use strict";
  var SAFETY_MS = 60000;
  var RESEND_MS = 5000;
  var live = false;
  var state = "polling";
  var lastFetch = Date.now();
  var pending = null;

  function show(next) {
    state = next;
    var boxes = document.querySelectorAll("[data-live-state]");
    for (var i = 0; i < boxes.length; i++) {
      boxes[i].setAttribute("data-state", state);
      boxes[i].textContent = boxes[i].getAttribute("data-text-" + state) || "";
    }
  }

  function showPending() {
    var boxes = document.querySelectorAll("[data-live-pending]");
    for (var i = 0; i < boxes.length; i++) boxes[i].hidden = pending === null;
  }

  function currentTag() {
    var part = document.getElementById("live");
    return part ? part.getAttribute("data-etag") : null;
  }

  function csrfHeaders() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}");
    } catch (e) {
      return {};
    }
  }

  function resend() {
    if (pending === null) return;
    // Answered (applied, or refused with the page's message), it is cleared below.
    htmx.ajax("POST", pending.url, {
      target: "#live",
      swap: "outerHTML",
      values: pending.values,
      headers: csrfHeaders(),
    });
  }

  document.addEventListener("htmx:sseOpen", function () {
    live = true;
    show("live");
    resend();
  });
  document.addEventListener("htmx:sseError", function () {
    live = false;
    show("reconnecting");
  });
  document.addEventListener("htmx:sseClose", function () {
    live = false;
    show("polling");
  });
  window.addEventListener("online", resend);
  window.setInterval(resend, RESEND_MS);

  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    var message = event.detail;
    if (message && message.lastEventId && message.lastEventId === currentTag()) {
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:afterSwap", function () {
    // The TV's state box sits inside the part that was just swapped in.
    show(state);
    showPending();
  });

  document.addEventListener("htmx:confirm", function (event) {
    var el = event.target;
    if (!el.classList || !el.classList.contains("poller")) return;
    var trigger = event.detail && event.detail.triggeringEvent;
    if (!live || (trigger && trigger.type.indexOf("sse:") === 0)) {
      lastFetch = Date.now();
      return;
    }
    if (Date.now() - lastFetch < SAFETY_MS) event.preventDefault();
    else lastFetch = Date.now();
  });

  // A move's form that could not reach the server: kept, to be sent again as it was.
  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail && event.detail.elt;
    if (!form || form.tagName !== "FORM" || !form.classList.contains("daction")) return;
    var values = {};
    new FormData(form).forEach(function (value, name) {
      if (name in values) values[name] = [].concat(values[name], value);
      else values[name] = value;
    });
    pending = { url: form.getAttribute("hx-post"), values: values };
    showPending();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (pending === null || !event.detail || !event.detail.xhr) return;
    var config = event.detail.requestConfig;
    if (config && config.path === pending.url && event.detail.xhr.status > 0) {
      pending = null;
      showPending();
    }
  });
})();
