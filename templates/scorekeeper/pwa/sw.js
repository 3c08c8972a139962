// Scorekeeper's service worker (served at /sw.js so it may control every page).
// - The app shell (CSS, scripts, icons, the offline page) is stored when the worker installs.
// - Pages: network first; a page that answered is kept, and shown again when the network is gone.
// - Static files, and the scripts' sentences in each language (/jsi18n/<language>/): from the
//   store, refreshed behind the scenes.
// - Anything else (POSTs, the API, htmx's partial requests such as the scoreboard poll) goes to
//   the network untouched: a write is never answered from a store, and a poll that fails must
//   fail, so the page can say its scores may be out of date. Deals entered offline are queued by
//   the page itself (offline-queue.js, in the page's storage, which a worker cannot read).
// - Background Sync, where the browser has it: the page registers the sync "scorekeeper-queue"
//   when it queues an entry; when the browser sees the network back it fires "sync" here, and
//   the worker tells every open page of the site to send its queue (the page's "online" event
//   does the same where there is no Background Sync).
"use strict";

var VERSION = "{{ version }}";
var SHELL = "shell-" + VERSION;
var PAGES = "pages-v1";
var SHELL_URLS = {{ shell|safe }};
var OFFLINE_URL = {{ offline_url|safe }};
var STATIC_PREFIX = {{ static_prefix|safe }};
var CATALOG_PREFIX = {{ catalog_prefix|safe }};  // the scripts' sentences, one file a language
var LOGOUT_URL = {{ logout_url|safe }};

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL).then(function (cache) { return cache.addAll(SHELL_URLS); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        return key.indexOf("shell-") === 0 && key !== SHELL;
      }).map(function (key) { return caches.delete(key); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function isPage(request, url) {
  if (request.headers.get("HX-Request")) return false;  // a fragment, not a page
  if (url.pathname.indexOf("/api/") === 0 || url.pathname.indexOf("/admin/") === 0) return false;
  if (url.pathname.indexOf("/accounts/") === 0) return false;
  return request.mode === "navigate" ||
    (request.headers.get("Accept") || "").indexOf("text/html") !== -1;
}

function pageFirst(request) {
  return fetch(request).then(function (response) {
    // Only a page that answered in full, as itself (not a redirect to sign in) is kept.
    if (response.ok && response.type === "basic" && !response.redirected) {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreVary: true }).then(function (hit) {
      return hit || caches.match(OFFLINE_URL);
    });
  });
}

function staticFromStore(event, request) {
  var refresh = fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(SHELL).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  });
  event.waitUntil(refresh.then(function () {}, function () {}));
  return caches.match(request).then(function (hit) { return hit || refresh; });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // Signing out forgets the pages kept for this phone's last user.
    if (request.method === "POST" && url.pathname === LOGOUT_URL) {
      event.waitUntil(caches.delete(PAGES));
    }
    return;  // writes go to the network, never to a store
  }
  if (url.pathname.indexOf(STATIC_PREFIX) === 0 || url.pathname.indexOf(CATALOG_PREFIX) === 0) {
    event.respondWith(staticFromStore(event, request));
  } else if (isPage(request, url)) {
    event.respondWith(pageFirst(request));
  }
});

self.addEventListener("sync", function (event) {
  if (event.tag !== "scorekeeper-queue") return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (pages) {
      pages.forEach(function (page) { page.postMessage({ type: "scorekeeper-queue-send" }); });
    })
  );
});
