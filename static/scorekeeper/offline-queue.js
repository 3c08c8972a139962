// Deals entered while the venue's Wi-Fi is down: kept on the phone, sent once, in order.
//
// A deal, an amendment or a void that cannot reach the server (the phone is offline, or the
// request fails on the way) is put in a queue in this phone's storage, with the form exactly as
// it was filled, and the page says "queued (not yet recorded)" with a count. The queue is sent
// when the phone comes back online, when a page opens, and every so often: one at a time, in the
// order entered. Each item leaves the queue only when the server has answered it for good:
// recorded, or refused with a reason (entries that do not add up), and a refusal is shown with
// the server's own words rather than retried forever. A deal whose number another phone took
// meanwhile (the server's 409) is never lost: it is kept, whole, and the page says what happened
// ("Deal 5 was recorded by ann's phone while you were offline") with the choice to record it as
// the next deal or to discard it.
//
// Nothing is recorded twice: every deal carries its own token (a UUID made here), which the
// server stores once; sending the same deal again answers the deal it already has. Amendments
// and voids carry the revision they change, which the server accepts once.
//
// Without this script nothing changes: every form still posts normally.
(function () {
  "use strict";

  var KEY = "scorekeeper.queue.v1";
  var REFUSED_KEY = "scorekeeper.refused.v1";
  var CONFLICT_KEY = "scorekeeper.conflict.v1";
  var RETRY_MS = 15000;
  var ROUTES = [
    [/^\/games\/(\d+)\/deals\/$/, "record"],
    [/^\/games\/(\d+)\/deals\/(\d+)\/amend\/$/, "amend"],
    [/^\/games\/(\d+)\/deals\/(\d+)\/void\/$/, "void"]
  ];
  var flushing = false;
  var retryTimer = null;

  // ---- the service worker: installs the app and keeps visited pages for offline ----
  var me = document.getElementById("offline-queue-script");
  if ("serviceWorker" in navigator && me && me.dataset.sw) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(me.dataset.sw, { scope: "/" }).catch(function () {});
    });
  }

  // Background Sync where the browser has it: the worker's "sync" (the network is back) asks
  // this page to send its queue. Elsewhere the "online" event below does.
  function askForSync() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.sync && registration.sync.register) {
        return registration.sync.register("scorekeeper-queue");
      }
    }).catch(function () {});
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "scorekeeper-queue-send") flush();
    });
  }

  // "Install app", only when the browser offers it (beforeinstallprompt).
  var installPrompt = null;
  function installShown(shown) {
    var box = document.querySelector("[data-install]");
    if (box) box.hidden = !shown;
  }
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    installPrompt = event;
    installShown(true);
  });
  window.addEventListener("appinstalled", function () {
    installPrompt = null;
    installShown(false);
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-install-button]");
    if (!button || !installPrompt) return;
    var asked = installPrompt;
    installPrompt = null;
    installShown(false);
    asked.prompt();
  });

  // ---- storage ----
  function read(key) {
    try {
      var list = JSON.parse(localStorage.getItem(key) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function write(key, list) {
    localStorage.setItem(key, JSON.stringify(list));
  }

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  function panel() {
    return document.getElementById("offline-queue");
  }

  function currentUser() {
    var p = panel();
    return p ? p.dataset.user || "" : "";
  }

  // The offline page is stored once for whoever uses the phone: it lists everything and
  // sends nothing (back online, it opens the page again, signed in, which sends them).
  function anyone() {
    return currentUser() === "*";
  }

  function mine(item) {
    return anyone() || item.user === currentUser();
  }

  function route(path) {
    for (var i = 0; i < ROUTES.length; i++) {
      var m = ROUTES[i][0].exec(path);
      if (m) return { kind: ROUTES[i][1], game: m[1], back: "/games/" + m[1] + "/" };
    }
    return null;
  }

  function text(el) {
    return el ? el.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // ---- putting a form in the queue ----
  function label(kind, form) {
    var game = text(document.querySelector("#board h1"));
    if (kind === "record") {
      var number = form.querySelector('input[name="number"]');
      // The game's word for a deal, in the page's language (the form says it: data-deal-word).
      var said = { word: capital(form.dataset.dealWord || gettext("deal")), number: number ? number.value : "", game: game };
      return game ? interpolate(gettext("%(word)s %(number)s of %(game)s"), said, true)
        : interpolate(gettext("%(word)s %(number)s"), said, true);
    }
    if (kind === "void") {
      var deal = form.closest(".deal");
      var which = { deal: text(deal && deal.querySelector("summary strong")).toLowerCase(), game: game };
      return game ? interpolate(gettext("Void %(deal)s of %(game)s"), which, true)
        : interpolate(gettext("Void %(deal)s"), which, true);
    }
    return text(document.querySelector("main h1")) || gettext("An amendment");
  }

  function capital(s) {
    return s.charAt(0).toUpperCase() + s.slice(1);
  }

  function enqueue(form, path) {
    var where = route(path);
    if (!where) return null;
    var body = new URLSearchParams(new FormData(form)).toString();
    var item = {
      id: uuid(),
      user: currentUser(),
      kind: where.kind,
      url: path,
      back: where.back,
      body: body,
      label: label(where.kind, form),
      at: new Date().toISOString()
    };
    var queue = read(KEY);
    queue.push(item);
    write(KEY, queue);
    return item;
  }

  // After a deal is queued, the form is ready for the next one: a new token and the next number.
  function readyForNext(form) {
    var number = form.querySelector('input[name="number"]');
    var old = number ? parseInt(number.value, 10) : NaN;
    form.reset();
    form.querySelectorAll(".errorlist").forEach(function (el) {
      if (el.hasAttribute("data-send-error")) el.hidden = true; else el.remove();
    });
    var stale = document.querySelector(".stale-deal");
    if (stale) stale.remove();
    var token = form.querySelector('input[name="token"]');
    if (token) token.value = uuid();
    if (number && !isNaN(old)) {
      number.value = String(old + 1);
      renumber(form, old, old + 1);
    }
    // The card widgets redraw from their inputs.
    form.querySelectorAll("input, textarea, select").forEach(function (el) {
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  function note(form, message) {
    var slot = form.querySelector("[data-queued-note]");
    if (!slot) {
      slot = document.createElement("p");
      slot.className = "queued-note";
      slot.setAttribute("data-queued-note", "");
      var button = form.querySelector('button[type="submit"]');
      form.insertBefore(slot, button);
    }
    slot.textContent = message;
  }

  function renumber(form, from, to) {
    var section = form.closest("section");
    var places = [section && section.querySelector("h2"), form.querySelector('button[type="submit"]')];
    // "Record hand {number}", whole, in the page's language (the form carries it).
    var said = form.dataset.recordLabel;
    var pattern = new RegExp("\\b" + from + "\\b");
    places.forEach(function (el) {
      if (!el) return;
      var node = el.firstChild;
      if (node && node.nodeType === Node.TEXT_NODE) {
        node.nodeValue = said ? said.replace("{number}", String(to)) : node.nodeValue.replace(pattern, String(to));
      }
    });
  }

  function queued(form, path) {
    var item = enqueue(form, path);
    if (!item) return false;
    if (item.kind === "record") {
      readyForNext(form);
      note(form, interpolate(gettext("%(item)s is queued (not yet recorded): it is sent when the network is back. You can enter the next one."), { item: item.label }, true));
    }
    if (item.kind === "amend") {
      // Back to the game (the phone keeps a copy of its page), where the queue is listed.
      setTimeout(function () { location.assign(item.back); }, 0);
    }
    if (item.kind === "void") {
      var deal = form.closest(".deal");
      if (deal) {
        var tag = document.createElement("span");
        tag.className = "tag queued";
        tag.textContent = gettext("void queued");
        var summary = deal.querySelector("summary strong");
        if (summary) summary.after(" ", tag);
      }
      form.hidden = true;
    }
    say(interpolate(gettext("%(item)s: queued (not yet recorded)."), { item: item.label }, true));
    render();
    scheduleRetry();
    askForSync();
    return item;
  }

  function pending() {
    return read(KEY).filter(mine);
  }

  function queueable(event) {
    var elt = event.detail.elt;
    var config = event.detail.requestConfig || {};
    if (!elt || elt.tagName !== "FORM" || String(config.verb || "").toLowerCase() !== "post") return null;
    var path = new URL(config.path || elt.getAttribute("hx-post"), location.href).pathname;
    return route(path) ? path : null;
  }

  // Offline, or with deals still waiting (which must go first): queue it instead of sending.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var path = queueable(event);
    if (!path) return;
    if (navigator.onLine && !pending().length) return;
    event.preventDefault();
    queued(event.detail.elt, path);
    flush();
  });

  // Sent, but no answer came back (the Wi-Fi dropped on the way): queue it. If the server did
  // record it, the token makes the second sending answer the same deal.
  function lost(event) {
    var path = queueable(event);
    if (!path) return;
    event.preventDefault();  // table.js: no "Not recorded" message, it is queued instead
    queued(event.detail.elt, path);
    setTimeout(flush, 1000);  // a blip, perhaps: try again soon (and every so often after)
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);

  // The amend page posts a plain form: offline (or behind queued deals) it is queued too.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form || (form.method || "").toLowerCase() !== "post") return;
    var path = new URL(form.getAttribute("action") || location.href, location.href).pathname;
    var where = route(path);
    if (!where || where.kind !== "amend") return;
    if (navigator.onLine && !pending().length) return;
    event.preventDefault();
    queued(form, path);
    flush();
  });

  // ---- sending the queue ----
  function csrf() {
    var headers = document.body && document.body.getAttribute("hx-headers");
    try {
      var token = JSON.parse(headers || "{}")["X-CSRFToken"];
      if (token) return token;
    } catch (e) { /* fall through */ }
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  // What the server said when it refused: the messages it put on the page.
  function reasons(html, status) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var said = [];
    doc.querySelectorAll(".stale-deal p:first-child, main .errorlist li, main p.errorlist, main [role=alert]")
      .forEach(function (el) {
        if (el.closest("[data-refusal]")) return;  // the same problems again, beside the button
        var t = text(el);
        if (t && said.indexOf(t) === -1 && !said.some(function (s) { return s.indexOf(t) !== -1; })) said.push(t);
      });
    return said.length ? said.join(" ") : interpolate(gettext("The server refused it (%(status)s)."), { status: status }, true);
  }

  // One item: "sent", "refused" (with the reason), "later" (no answer, or the server failed),
  // or "signin" (the session is gone: the item stays until someone signs in).
  function send(item) {
    var body = new URLSearchParams(item.body);
    var token = csrf();
    if (token) body.set("csrfmiddlewaretoken", token);
    return fetch(item.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": token },
      cache: "no-store"
    }).then(function (response) {
      var landed = new URL(response.url, location.href).pathname;
      if (response.ok && response.redirected && landed === item.back) return { outcome: "sent" };
      if (response.redirected && landed.indexOf("/accounts/login/") === 0) return { outcome: "signin" };
      if (response.status >= 500) return { outcome: "later" };
      if (response.status === 409 && item.kind === "record") {
        return response.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var stale = doc.querySelector(".stale-deal[data-stale-number]");
          if (!stale) return { outcome: "refused", reason: reasons(html, response.status) };
          return {
            outcome: "conflict",
            by: stale.dataset.staleBy || "",
            number: stale.dataset.staleNumber || "",
            word: stale.dataset.staleWord || gettext("deal")
          };
        });
      }
      return response.text().then(function (html) {
        return { outcome: "refused", reason: reasons(html, response.status) };
      });
    }, function () {
      return { outcome: "later" };
    });
  }

  function remove(id) {
    write(KEY, read(KEY).filter(function (item) { return item.id !== id; }));
  }

  function refuse(item, reason) {
    var refused = read(REFUSED_KEY);
    refused.push({ id: item.id, user: item.user, label: item.label, back: item.back, reason: reason });
    write(REFUSED_KEY, refused);
  }

  // The number was taken by another phone: keep the whole entry for the person to decide.
  function conflict(item, result) {
    var kept = read(CONFLICT_KEY);
    kept.push({
      id: item.id, user: item.user, label: item.label, url: item.url, back: item.back, body: item.body,
      by: result.by, number: result.number, word: result.word
    });
    write(CONFLICT_KEY, kept);
  }

  function taken(entry) {
    return interpolate(gettext("%(word)s %(number)s was recorded by %(name)s's phone while you were offline."),
      { word: capital(entry.word), number: entry.number, name: entry.by }, true);
  }

  function settle(id) {
    write(CONFLICT_KEY, read(CONFLICT_KEY).filter(function (x) { return x.id !== id; }));
  }

  // "Record it as the next deal": back in the queue without a number (the server gives it the
  // next one), with its own token, so a resend after a lost answer still records it once.
  function recordAsNext(entry) {
    var body = new URLSearchParams(entry.body);
    body.delete("number");
    var queue = read(KEY);
    queue.push({
      id: uuid(), user: entry.user, kind: "record", url: entry.url, back: entry.back,
      body: body.toString(),
      label: entry.label.replace(/^(\S+) \d+/, function (all, word) {
        return interpolate(gettext("%(word)s (the next)"), { word: word }, true);
      }),
      at: new Date().toISOString()
    });
    write(KEY, queue);
    settle(entry.id);
    render();
    flush();
  }

  function withLock(work) {
    if (navigator.locks && navigator.locks.request) {
      return navigator.locks.request("scorekeeper-offline-queue", work);
    }
    return work();
  }

  function flush() {
    if (flushing || !navigator.onLine || !pending().length || anyone()) return Promise.resolve();
    flushing = true;
    var sent = [];
    var why = null;
    function next() {
      var item = pending()[0];
      if (!item) return Promise.resolve();
      return send(item).then(function (result) {
        if (result.outcome === "later" || result.outcome === "signin") {
          why = result.outcome;
          return;
        }
        remove(item.id);
        if (result.outcome === "conflict") {
          conflict(item, result);
          say(taken(result));
        } else if (result.outcome === "refused") {
          refuse(item, result.reason);
          say(interpolate(gettext("%(item)s was not recorded: %(reason)s"), { item: item.label, reason: result.reason }, true));
        } else {
          sent.push(item);
        }
        render();
        return next();
      });
    }
    return withLock(next).then(function () {
      flushing = false;
      render(why);
      if (sent.length) {
        say(sent.length === 1 ? interpolate(gettext("%(item)s: recorded."), { item: sent[0].label }, true)
          : interpolate(ngettext("%(count)s queued entry recorded.", "%(count)s queued entries recorded.", sent.length),
            { count: sent.length }, true));
        refreshBoard(sent);
      }
      // Entered while the last one was on its way: send it now; after a failure, later.
      if (pending().length) {
        if (why === null) flush(); else scheduleRetry();
      }
    }, function () {
      flushing = false;
      scheduleRetry();
    });
  }

  function scheduleRetry() {
    if (retryTimer) return;
    retryTimer = setTimeout(function () {
      retryTimer = null;
      flush();
    }, RETRY_MS);
  }

  // The game on this page had queued entries recorded: show them now, not at the next poll.
  function refreshBoard(sent) {
    var board = document.getElementById("board");
    var here = sent.some(function (item) { return item.back === location.pathname; });
    if (!here || !board || !window.htmx) return;
    var url = board.getAttribute("hx-get");
    if (url) htmx.ajax("GET", url, { source: board, target: board, swap: "outerHTML" });
  }

  // ---- what the page shows ----
  function say(message) {
    var live = document.querySelector("[data-queue-said]");
    if (live) live.textContent = message;
  }

  function render(why) {
    var p = panel();
    if (!p) return;
    var items = pending();
    var slot = document.querySelector("[data-queued-note]");
    if (slot && !items.some(function (item) { return item.back === location.pathname; })) slot.remove();
    var refused = read(REFUSED_KEY).filter(mine);
    var conflicts = read(CONFLICT_KEY).filter(mine);
    p.hidden = !items.length && !refused.length && !conflicts.length;
    var title = p.querySelector("#offline-queue-title");
    title.textContent = interpolate(ngettext("%(count)s queued (not yet recorded)", "%(count)s queued (not yet recorded)", items.length),
      { count: items.length }, true);
    p.querySelector("#offline-queue-title").hidden = !items.length;
    var note = p.querySelector("[data-queue-why]");
    note.hidden = !items.length;
    note.textContent = why === "signin"
      ? gettext("You were signed out: sign in again and they are sent.")
      : navigator.onLine
        ? gettext("Sending them, in order…")
        : gettext("The phone is offline. They are sent, in order, as soon as it is back online.");
    var list = p.querySelector("[data-queue-items]");
    list.innerHTML = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = interpolate(gettext("%(item)s — queued (not yet recorded)"), { item: item.label }, true);
      list.appendChild(li);
    });
    var held = p.querySelector("[data-queue-conflicts]");
    held.hidden = !conflicts.length;
    var heldList = p.querySelector("[data-queue-conflict-items]");
    heldList.innerHTML = "";
    conflicts.forEach(function (entry) {
      var li = document.createElement("li");
      var strong = document.createElement("strong");
      strong.textContent = taken(entry) + " ";
      li.appendChild(strong);
      li.appendChild(document.createTextNode(interpolate(gettext("Yours (%(item)s) is kept on this phone."), { item: entry.label }, true) + " "));
      var again = document.createElement("button");
      again.type = "button";
      again.className = "primary";
      again.textContent = interpolate(gettext("Record it as the next %(word)s"), { word: entry.word }, true);
      again.addEventListener("click", function () { recordAsNext(entry); });
      var drop = document.createElement("button");
      drop.type = "button";
      drop.className = "danger";
      drop.textContent = gettext("Discard it");
      drop.addEventListener("click", function () {
        if (!window.confirm(interpolate(gettext("Discard %(item)s? It was never recorded."), { item: entry.label }, true))) return;
        settle(entry.id);
        render();
      });
      li.appendChild(again);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(drop);
      if (entry.back !== location.pathname) {
        var link = document.createElement("a");
        link.href = entry.back;
        link.textContent = gettext("Open the game");
        li.appendChild(document.createTextNode(" "));
        li.appendChild(link);
      }
      heldList.appendChild(li);
    });
    var box = p.querySelector("[data-queue-refused]");
    box.hidden = !refused.length;
    var ul = p.querySelector("[data-queue-refused-items]");
    ul.innerHTML = "";
    refused.forEach(function (entry) {
      var li = document.createElement("li");
      li.className = "errorlist";
      var strong = document.createElement("strong");
      strong.textContent = interpolate(gettext("%(item)s was not recorded."), { item: entry.label }, true) + " ";
      li.appendChild(strong);
      li.appendChild(document.createTextNode(entry.reason + " "));
      var link = document.createElement("a");
      link.href = entry.back;
      link.textContent = gettext("Open the game");
      li.appendChild(link);
      var ok = document.createElement("button");
      ok.type = "button";
      ok.textContent = gettext("Dismiss");
      ok.addEventListener("click", function () {
        write(REFUSED_KEY, read(REFUSED_KEY).filter(function (x) { return x.id !== entry.id; }));
        render();
      });
      li.appendChild(document.createTextNode(" "));
      li.appendChild(ok);
      ul.appendChild(li);
    });
  }

  // A page opened from the phone's store may carry a token already used: every page load gets
  // fresh ones, and a deal form counts the deals still waiting in the queue.
  function freshForms() {
    document.querySelectorAll("form [name=token]").forEach(function (input) { input.value = uuid(); });
    var form = document.querySelector("[data-record-form]");
    if (!form) return;
    var number = form.querySelector('input[name="number"]');
    var waiting = pending().filter(function (item) {
      return item.kind === "record" && item.back === location.pathname;
    }).map(function (item) {
      return parseInt(new URLSearchParams(item.body).get("number"), 10);
    });
    var last = Math.max.apply(null, waiting.concat([0]));
    var shown = number ? parseInt(number.value, 10) : NaN;
    if (number && !isNaN(shown) && last >= shown) {
      number.value = String(last + 1);
      renumber(form, shown, last + 1);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    // The offline page while the phone says it is online: the server was out of reach a
    // moment ago; try the real page again.
    if (anyone() && navigator.onLine && location.pathname !== "/offline/") setTimeout(function () { location.reload(); }, 5000);
    freshForms();
    render();
    flush();
  });
  window.addEventListener("online", function () {
    if (anyone()) {
      setTimeout(function () { location.reload(); }, 500);
      return;
    }
    render();
    flush();
  });
  window.addEventListener("offline", function () { render(); });
  window.addEventListener("storage", function (event) {
    if (event.key === KEY || event.key === REFUSED_KEY || event.key === CONFLICT_KEY) render();
  });
  setInterval(flush, 30000);
})();
