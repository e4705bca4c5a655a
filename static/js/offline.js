// The app through a Wi-Fi drop (issue 26): registers the service worker (/sw.js,
// templates/pwa/sw.js), tells it what to keep, and says when the phone is offline.
// - Every page asks the worker to keep its own static files, and the night page the
//   record forms it links to ([data-keep] links), so they open without a connection.
// - Logged out (no user on the page, or the logout button tapped): the kept pages go.
// - [data-connection] (base.html) is shown while the browser says it is offline.
// Service workers exist only in a secure context (https, or localhost): on plain
// http the pages work as before and a hand confirmed offline still waits in the
// outbox (static/js/outbox.js), only a page reloaded offline does not open.
(function () {
  "use strict";

  var script = document.currentScript;
  var user = (document.querySelector("meta[name=gamenight-user]") || {}).content || "";

  function showConnection() {
    var offline = navigator.onLine === false;
    document.querySelectorAll("[data-connection]").forEach(function (note) {
      note.hidden = !offline;
    });
    document.documentElement.classList.toggle("is-offline", offline);
  }
  window.addEventListener("online", showConnection);
  window.addEventListener("offline", showConnection);

  function tell(message) {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage(message);
    });
  }

  function toKeep() {
    var urls = [];
    var add = function (url) { if (url && urls.indexOf(url) < 0) urls.push(url); };
    document.querySelectorAll("link[rel=stylesheet][href], link[rel=icon][href], script[src]")
      .forEach(function (e) { add(e.href || e.src); });
    add(window.location.pathname);
    document.querySelectorAll("[data-keep] a[href]").forEach(function (a) { add(a.href); });
    return urls;
  }

  function start() {
    showConnection();
    if (!("serviceWorker" in navigator) || !window.isSecureContext || !script) return;
    var worker = script.getAttribute("data-worker");
    navigator.serviceWorker.register(worker, { scope: "/" }).catch(function () { /* none */ });
    if (!user) {
      tell({ type: "forget" });
      return;
    }
    if (navigator.onLine !== false) tell({ type: "keep", urls: toKeep() });
    document.addEventListener("submit", function (event) {
      var action = event.target.getAttribute("action") || "";
      if (/\/accounts\/logout\/$/.test(action)) tell({ type: "forget" });
    }, true);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
