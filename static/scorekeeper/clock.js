// Times in the visitor's own clock: the server writes each time as <time data-clock datetime=…>
// with a 24-hour fallback in the server's zone, and this script rewrites it in the phone's zone
// and in the page's language (<html lang>: "15:27" in Swedish, Danish and Icelandic and in
// British English, the same way on every page), including parts htmx swaps in later.
// data-clock="day" adds the weekday and date.
(function () {
  "use strict";

  var FORMATS = {
    time: { hour: "2-digit", minute: "2-digit" },
    day: { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }
  };

  function clock(date, kind) {
    return date.toLocaleString(document.documentElement.lang || [], FORMATS[kind] || FORMATS.time);
  }

  function localise(root) {
    if (!root || !root.querySelectorAll) return;
    var times = root.querySelectorAll("time[data-clock]");
    for (var i = 0; i < times.length; i++) {
      var when = new Date(times[i].getAttribute("datetime"));
      if (!isNaN(when.getTime())) times[i].textContent = clock(when, times[i].dataset.clock);
    }
  }

  // table.js says "Could not refresh the scores since …" in the same clock.
  window.scorekeeperClock = clock;
  document.addEventListener("DOMContentLoaded", function () { localise(document); });
  document.addEventListener("htmx:load", function (event) { localise(event.target); });
})();
