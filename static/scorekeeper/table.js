// The game page at the table, where Wi-Fi comes and goes. Without this script the page still
// works (every form posts normally); with it, nobody is left guessing:
// - a deal that did not go through says so, and what was entered stays in the form;
// - a scoreboard that could not refresh says since when, until a refresh works again.
(function () {
  "use strict";

  var staleSince = null;

  function clock(date) {
    // The site's one way of telling the time (clock.js), in the phone's zone and locale.
    return window.scorekeeperClock ? window.scorekeeperClock(date) : date.toISOString().slice(11, 16);
  }

  function refreshStatus() {
    return document.getElementById("refresh-status");
  }

  function boardFailed() {
    if (staleSince === null) staleSince = new Date();
    var status = refreshStatus();
    if (!status) return;
    status.textContent = "Could not refresh the scores since " + clock(staleSince) +
      ": they may be out of date. Still trying.";
    status.hidden = false;
  }

  function boardRefreshed() {
    staleSince = null;
    var status = refreshStatus();
    if (status) {
      status.hidden = true;
      status.textContent = "";
    }
  }

  function recordForm(elt) {
    return elt && elt.closest ? elt.closest("[data-record-form]") : null;
  }

  function notSent(form, why) {
    var slot = form.querySelector("[data-send-error]");
    if (!slot) return;
    slot.textContent = why + " What you entered is still here: tap the button again to send it.";
    slot.hidden = false;
    slot.scrollIntoView({ block: "nearest" });
  }

  function failed(event, why) {
    if (event.defaultPrevented) return;  // offline-queue.js queued it: no "not recorded"
    var elt = event.detail.elt;
    if (elt && elt.id === "board") {
      boardFailed();
      return;
    }
    var form = recordForm(elt);
    if (form) notSent(form, why);
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = recordForm(event.detail.elt);
    var slot = form && form.querySelector("[data-send-error]");
    if (slot) slot.hidden = true;
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.id === "board" && event.detail.successful) boardRefreshed();
  });

  // A deal refused comes back with every problem beside its field: bring the first into view.
  document.addEventListener("htmx:afterSettle", function (event) {
    var game = event.detail.target;
    if (!game || game.id !== "game") return;
    var first = game.querySelector("#record .errorlist:not([hidden]), #record [role=alert]");
    if (first && first.textContent.trim()) first.scrollIntoView({ block: "center" });
  });

  document.addEventListener("htmx:sendError", function (event) {
    failed(event, "Not recorded: no connection.");
  });

  document.addEventListener("htmx:timeout", function (event) {
    failed(event, "Not recorded: no answer from the server.");
  });

  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : "an error";
    failed(event, "Not recorded: the server answered " + status + ".");
  });
})();
