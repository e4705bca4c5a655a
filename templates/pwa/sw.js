// The service worker (issue 26), served at /sw.js by gamenight/views/app_shell.py so
// that its scope is the whole site. It keeps, for a Wi-Fi drop at the table:
// - the static files and icons (the shell), each as the page first asked for it;
// - a copy of each page gamenight/pages/offline_pages.py names (the groups, a group,
//   a night, its record forms, its games recorded), as it was last loaded.
// A page asked for while the network fails comes from its copy, marked with
// data-offline-copy on <html> (static/js/outbox.js then gives a kept record form a
// new key); a page without a copy gets the offline page. Nothing else is kept:
// not the live seat and TV pages, htmx's parts, downloads or reports, and never a
// POST: a hand confirmed offline waits in the page's outbox (static/js/outbox.js).
"use strict";

var CONFIG = {{ config|safe }};
var SHELL = "gamenight-shell-" + CONFIG.version;
var PAGES = "gamenight-pages-" + CONFIG.version;
var KEPT = CONFIG.pages.map(function (p) { return new RegExp(p); });

function kept(url) {
  return !url.search && KEPT.some(function (p) { return p.test(url.pathname); });
}

function isStatic(url) {
  return url.pathname.indexOf(CONFIG.static) === 0;
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL)
      .then(function (cache) { return cache.addAll(CONFIG.icons); })
      .then(function () { return caches.open(PAGES); })
      .then(function (cache) { return cache.add(CONFIG.offline); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  // Caches of an older worker go: their static names and pages may be out of date.
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (n) {
          return n.indexOf("gamenight-") === 0 && n !== SHELL && n !== PAGES;
        }).map(function (n) { return caches.delete(n); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

// A copy of a page, stamped with when it was kept.
function keepPage(key, response) {
  var headers = new Headers(response.headers);
  headers.set("X-Kept-At", new Date().toISOString());
  return response.blob().then(function (body) {
    return caches.open(PAGES).then(function (cache) {
      return cache.put(key, new Response(body, { status: 200, headers: headers }));
    });
  });
}

function pageKey(url) {
  return url.origin + url.pathname;
}

// The kept copy, marked as one for the page's scripts.
function offlineCopy(key) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(key, { ignoreVary: true });
  }).then(function (response) {
    if (!response) return null;
    var at = response.headers.get("X-Kept-At") || "";
    return response.text().then(function (html) {
      html = html.replace(/<html\b/, '<html data-offline-copy="' + at + '"');
      return new Response(html, { status: 200, headers: response.headers });
    });
  });
}

function page(event, url) {
  var key = pageKey(url);
  return fetch(event.request).then(function (response) {
    if (kept(url) && response.ok && response.type === "basic" && !response.redirected) {
      var copy = response.clone();
      event.waitUntil(keepPage(key, copy.clone()).then(function () {
        // The installed app opens on /start/: offline, on the group last seen.
        if (/^\/groups\/\d+\/$/.test(url.pathname)) {
          return keepPage(url.origin + CONFIG.start, copy);
        }
        return null;
      }));
    }
    return response;
  }).catch(function () {
    return offlineCopy(key).then(function (copy) {
      return copy || offlineCopy(url.origin + CONFIG.offline);
    }).then(function (copy) {
      return copy || Response.error();
    });
  });
}

function staticFile(event) {
  var request = event.request;
  function fetchAndKeep() {
    return fetch(request).then(function (response) {
      if (response.ok && response.type === "basic") {
        var copy = response.clone();
        event.waitUntil(caches.open(SHELL).then(function (c) { return c.put(request, copy); }));
      }
      return response;
    });
  }
  function fromCache() {
    return caches.open(SHELL).then(function (c) { return c.match(request, { ignoreVary: true }); });
  }
  if (CONFIG.staticForever) {
    return fromCache().then(function (hit) { return hit || fetchAndKeep(); });
  }
  return fetchAndKeep().catch(function () {
    return fromCache().then(function (hit) { return hit || Response.error(); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isStatic(url)) {
    event.respondWith(staticFile(event));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event, url));
  }
  // Anything else (htmx's parts, the live streams, downloads): the network alone.
});

// Kept ahead of need, one at a time (the server is a small machine at the table):
// the page's own static files, and the record forms the night page links to.
function keepAll(urls) {
  return urls.reduce(function (done, href) {
    return done.then(function () {
      var url = new URL(href, self.location.origin);
      if (url.origin !== self.location.origin) return null;
      var cacheName = isStatic(url) ? SHELL : kept(url) ? PAGES : null;
      if (!cacheName) return null;
      var key = isStatic(url) ? url.href : pageKey(url);
      return caches.open(cacheName).then(function (cache) {
        return cache.match(key, { ignoreVary: true });
      }).then(function (hit) {
        if (hit) return null;
        return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
          if (!response.ok || response.redirected || response.type !== "basic") return null;
          if (cacheName === SHELL) {
            return caches.open(SHELL).then(function (c) { return c.put(key, response); });
          }
          // A page never opened here: its own scripts and styles too (the record
          // form's script), or its copy would open without them.
          return response.clone().text().then(function (html) {
            return keepPage(key, response).then(function () { return keepAll(staticOf(html)); });
          });
        });
      }).catch(function () { return null; });
    });
  }, Promise.resolve());
}

function staticOf(html) {
  var found = [];
  var pattern = /(?:src|href)="([^"]+)"/g;
  var match;
  while ((match = pattern.exec(html))) {
    if (match[1].indexOf(CONFIG.static) === 0 && found.indexOf(match[1]) < 0) found.push(match[1]);
  }
  return found;
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "keep" && Array.isArray(data.urls)) {
    event.waitUntil(keepAll(data.urls));
  } else if (data.type === "forget") {
    // Logged out: no page of the last person stays on the phone.
    event.waitUntil(caches.delete(PAGES));
  }
});
