// Keep the phone's screen awake while a game is open (the Screen Wake Lock API), so nobody has
// to unlock it between deals. On by default; the toggle is remembered on this phone. The lock is
// let go by the browser whenever the page is hidden, so it is taken again when the page shows.
(function () {
  "use strict";

  var STORE = "scorekeeper.wakeLock";
  var lock = null;

  function box() { return document.querySelector("[data-wake-lock]"); }
  function toggle() { return document.querySelector("[data-wake-lock-toggle]"); }
  // A sentence that only repeats what the toggle shows (plain) is said to screen readers but
  // not drawn: the tools keep to one row above the board. One the box cannot say (refused, not
  // supported, let go) shows.
  function status(text, plain) {
    var slot = document.querySelector("[data-wake-lock-status]");
    if (!slot) return;
    slot.textContent = text;
    if (plain) slot.setAttribute("data-plain", ""); else slot.removeAttribute("data-plain");
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
      status(gettext("The screen stays awake while this game is open."), true);
      sentinel.addEventListener("release", function () {
        lock = null;
        show();
        if (wanted()) status(gettext("The screen may sleep: it will stay awake again when you come back."));
      });
      show();
    }).catch(function (err) {
      lock = null;
      status(interpolate(
        gettext("Could not keep the screen awake (%(why)s): the phone may sleep between deals."),
        { why: (err && err.name) || gettext("refused") }, true));
      show();
    });
  }

  function release() {
    if (lock) lock.release();
    lock = null;
    status(gettext("The screen may sleep as usual."), true);
    show();
  }

  function start() {
    var b = box();
    if (!b) return;
    if (!("wakeLock" in navigator) || !navigator.wakeLock) {
      b.hidden = true;
      b.dataset.state = "unsupported";
      status(gettext("This browser cannot keep the screen awake: set the phone's screen timeout longer while you play."));
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
