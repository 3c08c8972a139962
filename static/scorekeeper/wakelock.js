// Keep the phone's screen awake while a game is open (the Screen Wake Lock API), so nobody has
// to unlock it between deals. On by default; the toggle is remembered on this phone. The lock is
// let go by the browser whenever the page is hidden, so it is taken again when the page shows.
(function () {
  "use strict";

  var STORE = "scorekeeper.wakeLock";
  var lock = null;

  function box() { return document.querySelector("[data-wake-lock]"); }
  function toggle() { return document.querySelector("[data-wake-lock-toggle]"); }
  function status(text) {
    var slot = document.querySelector("[data-wake-lock-status]");
    if (slot) slot.textContent = text;
  }
  function wanted() {
    try { return localStorage.getItem(STORE) !== "off"; } catch (e) { return true; }
  }
  function remember(on) {
    try { localStorage.setItem(STORE, on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  function show() {
    var t = toggle();
    if (t) t.checked = wanted();
    var b = box();
    if (b) b.dataset.state = lock ? "on" : "off";
  }

  function acquire() {
    if (!wanted() || document.visibilityState !== "visible" || lock) { show(); return; }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      status("The screen stays awake while this game is open.");
      sentinel.addEventListener("release", function () {
        lock = null;
        show();
        if (wanted()) status("The screen may sleep: it will stay awake again when you come back.");
      });
      show();
    }).catch(function (err) {
      lock = null;
      status("Could not keep the screen awake (" + (err && err.name || "refused") + "): " +
        "the phone may sleep between deals.");
      show();
    });
  }

  function release() {
    if (lock) lock.release();
    lock = null;
    status("The screen may sleep as usual.");
    show();
  }

  function start() {
    var b = box();
    if (!b) return;
    if (!("wakeLock" in navigator) || !navigator.wakeLock) {
      b.hidden = true;
      b.dataset.state = "unsupported";
      status("This browser cannot keep the screen awake: set the phone's screen timeout " +
        "longer while you play.");
      return;
    }
    b.hidden = false;
    toggle().addEventListener("change", function (event) {
      remember(event.target.checked);
      if (event.target.checked) acquire(); else release();
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") acquire();
    });
    acquire();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
