// A seat of a digital hand through a Wi-Fi drop (issue 26), kept apart from the
// page's live updates (static/js/live.js): while the phone is offline the page says
// so (base.html's [data-connection], worded for a seat), its moves are greyed out
// (a tap could not reach the table) and its poller rests; when the connection is
// back the page fetches its live part at once, so it shows the hand as it is now.
(function () {
  "use strict";

  function live() { return document.getElementById("live"); }

  function moves(disabled) {
    document.querySelectorAll("#live .dactions button").forEach(function (button) {
      button.disabled = disabled;
    });
  }

  function resync() {
    var part = live();
    var poller = part && part.querySelector(".poller");
    // A live part without a poller (the stream's shape may change): the whole page.
    if (!poller || !window.htmx) { window.location.reload(); return; }
    window.htmx.ajax("GET", poller.getAttribute("hx-get"), { target: "#live", swap: "outerHTML" });
  }

  // No request while offline: each would fail, one a second.
  document.addEventListener("htmx:confirm", function (event) {
    var el = event.target;
    if (navigator.onLine === false && el.classList && el.classList.contains("poller")) {
      event.preventDefault();
    }
  });

  // A part swapped in (by an answer that arrived just as the connection went).
  document.addEventListener("htmx:afterSettle", function () {
    if (navigator.onLine === false) moves(true);
  });

  window.addEventListener("offline", function () { moves(true); });
  window.addEventListener("online", function () {
    moves(false);
    resync();
  });
})();
