// Hands recorded through a Wi-Fi drop (issue 26). A Confirm on the record form that
// cannot reach the server (the phone is offline, the request fails, or hands wait
// already) is kept in IndexedDB with the form's idempotency key and shown as
// "waiting to send" in #outbox (templates/pwa/_outbox.html) on every page. When the
// connection is back they are sent in the order recorded, each exactly once: the
// server books a key once (gamenight/services/posting.py) and answers a key it has
// booked as booked. A hand the table moved on from (another hand recorded, the night
// ended) comes back with the server's reason and stays listed until dismissed.
//
// The table's version: each form carries the version of the table it was filled
// on, and the server refuses a hand filled on another (pages/recording_stale.py).
// A hand recorded on top of one still waiting is sent with the version the server
// gives back for that one (Gamenight-Table); a kept copy of a form (the service
// worker's, marked data-offline-copy) gets a new key and the latest version this
// phone has seen for the night.
(function () {
  "use strict";

  var STORE = "outbox";
  var SENT_KEPT_MS = 60 * 60 * 1000; // a sent hand stays listed (and chainable) an hour
  var RETRY_MS = 10000;
  var VERSION = "gamenight.table.";

  var user = (document.querySelector("meta[name=gamenight-user]") || {}).content || "";
  var items = []; // the store's items, oldest first, as last read
  var sending = false;
  var booked = 0; // hands booked by the current flush

  // ------------------------------------------------------------ IndexedDB

  var opened = null;
  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        if (!window.indexedDB) { reject(new Error("no IndexedDB")); return; }
        var request = window.indexedDB.open("gamenight", 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(STORE, { keyPath: "key" });
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opened;
  }

  function run(mode, work) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var tx = d.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(result && result.result); };
        tx.onerror = function () { reject(tx.error); };
        tx.onabort = function () { reject(tx.error); };
      });
    });
  }

  function load() {
    return run("readonly", function (store) { return store.getAll(); }).then(function (all) {
      var now = Date.now();
      items = (all || []).filter(function (i) {
        return !(i.state === "sent" && now - i.sentAt > SENT_KEPT_MS);
      }).sort(function (a, b) { return a.created - b.created; });
      return items;
    });
  }

  function save(item) {
    return run("readwrite", function (store) { return store.put(item); }).then(load);
  }

  function drop(key) {
    return run("readwrite", function (store) { return store.delete(key); }).then(load);
  }

  // ------------------------------------------------------------ versions and keys

  function head(version) { return parseInt(String(version || "").split(".")[0], 10) || 0; }

  function knownVersion(night) {
    try { return window.localStorage.getItem(VERSION + night) || ""; } catch (e) { return ""; }
  }

  function remember(night, version) {
    if (!night || !version) return;
    if (head(version) < head(knownVersion(night))) return;
    try { window.localStorage.setItem(VERSION + night, version); } catch (e) { /* private mode */ }
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return "phone-" + Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }

  function mine(item) { return item.user === user; }

  function waiting(night) {
    return items.filter(function (i) {
      return mine(i) && i.night === night && (i.state === "waiting" || i.state === "sending");
    });
  }

  // ------------------------------------------------------------ the list

  var box = document.getElementById("outbox");

  function say(name) { return box ? box.getAttribute("data-text-" + name) || "" : ""; }

  function clock(ms) {
    var d = new Date(ms);
    return (d.getHours() < 10 ? "0" : "") + d.getHours() + ":" +
      (d.getMinutes() < 10 ? "0" : "") + d.getMinutes();
  }

  function element(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  }

  function render() {
    if (!box) return;
    var list = box.querySelector(".outbox-list");
    var shown = items.filter(mine);
    list.textContent = "";
    shown.forEach(function (item) {
      var li = element("li", "outbox-item state-" + item.state);
      li.setAttribute("data-key", item.key);
      var line = element("p", "outbox-line");
      line.appendChild(element("strong", "", item.title));
      line.appendChild(document.createTextNode(" · " + clock(item.created) + " · "));
      line.appendChild(element("span", "outbox-state", say(item.state)));
      li.appendChild(line);
      if (item.summary) li.appendChild(element("p", "outbox-summary muted", item.summary));
      if (item.reason) li.appendChild(element("p", "outbox-reason error", item.reason));
      if (item.state === "refused" || item.state === "sent") {
        var actions = element("div", "actions");
        if (item.state === "refused") {
          var again = element("a", "button secondary", say("again"));
          again.href = item.url;
          actions.appendChild(again);
        }
        var dismiss = element("button", "secondary outbox-dismiss", say("dismiss"));
        dismiss.type = "button";
        dismiss.addEventListener("click", function () { drop(item.key).then(render); });
        actions.appendChild(dismiss);
        li.appendChild(actions);
      }
      list.appendChild(li);
    });
    box.hidden = shown.length === 0;
    var note = box.querySelector("[data-copy-note]");
    if (note) {
      note.hidden = !(document.documentElement.hasAttribute("data-offline-copy") &&
        shown.some(function (i) { return i.state === "waiting" || i.state === "sending"; }));
    }
  }

  // ------------------------------------------------------------ keeping a hand

  function form() { return document.getElementById("record-form"); }

  function summary(f) {
    // Language-free: the finishing order, then each player's chips.
    var names = {};
    f.querySelectorAll(".seats li[data-player]").forEach(function (row) {
      var strong = row.querySelector("button.order strong");
      var place = strong && strong.querySelector(".place");
      var name = strong ? strong.textContent : "";
      if (place) name = name.slice(place.textContent.length);
      names[row.getAttribute("data-player")] = name.trim();
    });
    var order = (f.elements.order ? f.elements.order.value : "").trim();
    var parts = [];
    if (order) {
      parts.push(order.split(/\s+/).map(function (group, n) {
        return (n + 1) + ". " + group.split("=").map(function (p) { return names[p] || p; }).join(" = ");
      }).join(", "));
    }
    f.querySelectorAll("input[name^=chips_]").forEach(function (input) {
      parts.push((names[input.name.slice(6)] || "") + " " + input.value);
    });
    return parts.join(" · ");
  }

  function keep(f, submitter) {
    var key = f.elements.key.value;
    if (items.some(function (i) { return i.key === key; })) return Promise.resolve(false);
    var data = new FormData(f);
    if (submitter && submitter.name) data.set(submitter.name, submitter.value);
    // The CSRF token is sent from the cookie as it is when the hand goes (a login in
    // between renews it), never the form's.
    data.delete("csrfmiddlewaretoken");
    var night = f.getAttribute("data-night");
    var before = waiting(night);
    var title = document.querySelector(".record-head h1");
    var item = {
      key: key,
      user: user,
      night: night,
      url: f.getAttribute("action"),
      body: new URLSearchParams(data).toString(),
      table: f.elements.table ? f.elements.table.value : "",
      after: before.length ? before[before.length - 1].key : null,
      title: title ? title.textContent.trim() : "",
      summary: summary(f),
      created: Date.now(),
      state: "waiting",
      reason: ""
    };
    return save(item).then(function () { render(); return true; });
  }

  function kept(f) {
    // Off to the night page, as after any Confirm: the service worker shows its copy.
    // Without one (no service worker: plain http on a home network) the form stays,
    // emptied, with a new key for the next hand.
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      window.location.assign(f.getAttribute("data-night-url"));
      return;
    }
    f.reset();
    f.elements.key.value = newKey();
    if (typeof f.scrollIntoView === "function") window.scrollTo(0, 0);
  }

  // Before htmx sends a Confirm: kept instead while offline or while hands wait.
  document.addEventListener("htmx:confirm", function (event) {
    var f = event.detail.elt;
    if (!f || f.id !== "record-form") return;
    var trigger = event.detail.triggeringEvent;
    var submitter = trigger && trigger.submitter;
    if (!submitter || submitter.name !== "confirm") return;
    if (navigator.onLine && !waiting(f.getAttribute("data-night")).length) {
      lastConfirm = { form: f, submitter: submitter };
      return;
    }
    event.preventDefault();
    keep(f, submitter).then(function () { kept(f); flush(); });
  });

  // A Confirm sent that never got an answer (the Wi-Fi went while it travelled): kept,
  // with the same key, so that the server books it once whether it arrived or not.
  var lastConfirm = null;
  document.addEventListener("htmx:sendError", function (event) {
    if (!lastConfirm || event.detail.elt !== lastConfirm.form) return;
    var sent = lastConfirm;
    lastConfirm = null;
    keep(sent.form, sent.submitter).then(function () { kept(sent.form); });
  });

  // A Confirm booked online: the version after it, for hands recorded on top offline.
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    var f = event.detail.elt;
    if (!xhr || !f || f.id !== "record-form") return;
    var after = xhr.getResponseHeader("Gamenight-Table");
    if (after) remember(f.getAttribute("data-night"), after);
    if (xhr.status) lastConfirm = null;
  });

  // ------------------------------------------------------------ sending

  function csrf() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function reasons(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var seen = [];
    page.querySelectorAll("[role=alert], .message.error, .errorlist li").forEach(function (e) {
      var text = e.textContent.replace(/\s+/g, " ").trim();
      if (text && seen.every(function (s) { return s.indexOf(text) < 0; })) seen.push(text);
    });
    return seen.join(" ");
  }

  function bodyFor(item) {
    var body = new URLSearchParams(item.body);
    var before = item.after && items.filter(function (i) { return i.key === item.after; })[0];
    if (before && before.state === "sent" && before.tableAfter) body.set("table", before.tableAfter);
    return body.toString();
  }

  function sendOne(item) {
    item.state = "sending";
    return save(item).then(function () {
      render();
      return window.fetch(item.url, {
        method: "POST",
        credentials: "same-origin",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-CSRFToken": csrf(),
          "HX-Request": "true"
        },
        body: bodyFor(item)
      });
    }).then(function (response) {
      if (response.headers.get("Gamenight-Recorded")) {
        item.state = "sent";
        item.sentAt = Date.now();
        item.reason = "";
        item.tableAfter = response.headers.get("Gamenight-Table") || "";
        remember(item.night, item.tableAfter);
        booked += 1;
        return save(item).then(function () { return true; });
      }
      if (response.status === 403 || /\/accounts\/login\//.test(response.url)) {
        item.state = "waiting";
        item.reason = say("login");
        return save(item).then(function () { return false; });
      }
      if (response.status >= 500 || response.status === 429) {
        item.state = "waiting";
        return save(item).then(function () { return false; });
      }
      return response.text().then(function (html) {
        item.state = "refused";
        item.reason = reasons(html) || say("unknown");
        return save(item).then(function () { return true; });
      });
    }, function () {
      item.state = "waiting"; // no connection after all: the next try sends it
      return save(item).then(function () { return false; });
    });
  }

  function sendAll() {
    var next = items.filter(function (i) {
      return mine(i) && (i.state === "waiting" || i.state === "sending");
    })[0];
    if (!next) return Promise.resolve();
    return sendOne(next).then(function (goOn) {
      render();
      return goOn ? sendAll() : null;
    });
  }

  function flush() {
    if (sending || !navigator.onLine || !user) return Promise.resolve();
    sending = true;
    booked = 0;
    var work = function () { return load().then(sendAll); };
    // One tab sends at a time (the server would book a key once anyway).
    var locked = navigator.locks && navigator.locks.request
      ? navigator.locks.request("gamenight-outbox", work)
      : work();
    return locked.catch(function () { return null; }).then(function () {
      sending = false;
      render();
      // The page shows the table as it was before these hands (the stacks, who
      // deals): loaded again, it shows them booked. Not a record form, whose
      // fields may hold the next hand (its Confirm meets the stale-form check).
      if (booked && !form()) window.location.reload();
    });
  }

  // ------------------------------------------------------------ start

  function start() {
    var f = form();
    var copy = document.documentElement.hasAttribute("data-offline-copy");
    if (f && !copy && f.elements.table) remember(f.getAttribute("data-night"), f.elements.table.value);
    if (f && copy) {
      // A kept copy: its key may be one already sent; its version as this phone knows it.
      f.elements.key.value = newKey();
      var known = knownVersion(f.getAttribute("data-night"));
      if (f.elements.table && known && head(known) >= head(f.elements.table.value)) {
        f.elements.table.value = known;
      }
    }
    if (copy) {
      // The night page's "recorded" card with its Undo belongs to the page as it was.
      var recorded = document.getElementById("recorded");
      if (recorded) recorded.remove();
    }
    load().then(render).then(flush).catch(function () { /* no IndexedDB: nothing kept */ });
  }

  window.addEventListener("online", function () { flush(); });
  window.setInterval(function () {
    if (items.some(function (i) { return mine(i) && i.state === "waiting"; })) flush();
  }, RETRY_MS);

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
