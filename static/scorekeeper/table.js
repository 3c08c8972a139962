// The game page at the table, where Wi-Fi comes and goes. Without this script the page still
// works (every form posts normally); with it, nobody is left guessing:
// - a deal that did not go through says so, and what was entered stays in the form;
// - a scoreboard that could not refresh says since when, until a refresh works again.
// The deal form's answers where the eyes are, and what it remembers, are in the second half.
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
    status.textContent = interpolate(
      gettext("Could not refresh the scores since %(time)s: they may be out of date. Still trying."),
      { time: clock(staleSince) }, true);
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
    slot.textContent = interpolate(
      gettext("%(why)s What you entered is still here: tap the button again to send it."),
      { why: why }, true);
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


  document.addEventListener("htmx:sendError", function (event) {
    failed(event, gettext("Not recorded: no connection."));
  });

  document.addEventListener("htmx:timeout", function (event) {
    failed(event, gettext("Not recorded: no answer from the server."));
  });

  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : gettext("an error");
    failed(event, interpolate(gettext("Not recorded: the server answered %(status)s."), { status: status }, true));
  });
})();


// After a submit, the answer where the eyes are: a deal recorded is said above the next form
// (with an Undo until the next deal is begun), the deal that ends the game where the form was,
// with the verdict; a refusal brings its first problem into view; a change of totals is said to
// screen readers. A half-entered hand (all but the tricks, which the trick pad keeps) is kept on
// this phone until it is recorded: through a reload, sleep or another page. What another phone
// did (a deal recorded, confirmed or voided) reaches the parts of the page outside the board.
(function () {
  "use strict";

  var DRAFT = "scorekeeper.draft.v1:";
  var UNDONE = "scorekeeper.undone.v1:";
  var NOT_KEPT = { csrfmiddlewaretoken: 1, token: 1, number: 1, revision: 1 };
  var totalsSeen = null;
  var undoAsked = false;
  var confirmAsked = false;

  function theForm() {
    return document.querySelector("[data-record-form]");
  }

  function storage(action) {
    try {
      return action(window.localStorage);
    } catch (e) {
      return null;  // private mode, or full: the form works as before
    }
  }

  function draftKey(form) {
    return DRAFT + actionOf(form);
  }

  // Where a deal form posts: its key in this phone's storage. The answer to the deal that ended
  // the game has no form below it, so it names the form's address itself.
  function actionOf(el) {
    return el.getAttribute("data-record-action") || el.getAttribute("action");
  }

  function numberOf(form) {
    var number = form.querySelector('input[name="number"]');
    return number ? number.value : "";
  }

  function kept(el) {
    return el.name && !NOT_KEPT[el.name] && el.type !== "hidden" && el.type !== "submit" &&
      !el.closest(".block-tricks") && !el.hasAttribute("data-trick");
  }

  // What the form holds now: {name: value} (a radio group's checked value, a box's checked).
  function entries(form) {
    var out = {};
    form.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (el) {
      if (!kept(el)) return;
      if (el.type === "radio") {
        if (!(el.name in out)) out[el.name] = null;
        if (el.checked) out[el.name] = el.value;
      } else if (el.type === "checkbox") {
        out[el.name] = el.checked;
      } else {
        out[el.name] = el.value;
      }
    });
    return out;
  }

  function fill(form, values) {
    var changed = [];
    form.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (el) {
      if (!kept(el) || !(el.name in values)) return;
      var value = values[el.name];
      if (el.type === "radio") {
        if (value === null) return;  // nothing was chosen: keep where the form starts
        if (el.checked !== (el.value === value)) {
          el.checked = el.value === value;
          if (el.checked) changed.push(el);
        }
      } else if (el.type === "checkbox") {
        if (el.checked !== !!value) { el.checked = !!value; changed.push(el); }
      } else if (el.value !== value) {
        el.value = value;
        changed.push(el);
      }
    });
    // The card widgets redraw from their inputs; a grid scores itself on "change".
    changed.forEach(function (el) {
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  function save(form) {
    var draft = { number: numberOf(form), entries: entries(form) };
    storage(function (s) { s.setItem(draftKey(form), JSON.stringify(draft)); });
  }

  function readDraft(form) {
    var text = storage(function (s) { return s.getItem(draftKey(form)); });
    try {
      return text ? JSON.parse(text) : null;
    } catch (e) {
      return null;
    }
  }

  function drop(form) {
    storage(function (s) { s.removeItem(draftKey(form)); });
  }

  // The draft of the deal this form records: put back. A draft of another number was recorded
  // meanwhile (here, or by another phone on the same deal): dropped, never sent twice.
  var restoring = false;
  function restore(form) {
    var draft = readDraft(form);
    if (!draft) return;
    if (String(draft.number) !== numberOf(form)) {
      drop(form);
      return;
    }
    restoring = true;
    fill(form, draft.entries || {});
    restoring = false;
  }

  function remembered(event) {
    if (restoring) return;
    var form = event.target.closest && event.target.closest("[data-record-form]");
    if (form && kept(event.target)) save(form);
  }
  document.addEventListener("input", remembered);
  document.addEventListener("change", remembered);
  // offline-queue.js resets the form once a deal is queued: that hand is on its way.
  document.addEventListener("reset", function (event) {
    if (event.target.matches && event.target.matches("[data-record-form]")) drop(event.target);
  }, true);

  // ---- the board's totals, said when they change ----
  // The board's own tally, not the chart's "numbers behind the chart" table (tally compact).
  var TALLY = "#board table.tally:not(.compact)";

  function totals() {
    var names = Array.prototype.slice.call(document.querySelectorAll(TALLY + " thead th"), 1);
    var cells = document.querySelectorAll(TALLY + " tfoot td");
    if (!cells.length) return null;
    return names.map(function (th, i) {
      var name = th.firstChild ? th.firstChild.textContent.trim() : "";
      return name + " " + (cells[i] ? cells[i].textContent.trim() : "");
    }).join(", ");
  }

  // ``own``: the swap is the answer to this phone's own record or undo, said even when the
  // totals are those already said (the poll may bring the new board before that answer).
  function sayTotals(fromGame, own) {
    var now = totals();
    var region = document.querySelector("[data-totals-said]");
    if (!region || now === null || (now === totalsSeen && !own)) return;
    var first = totalsSeen === null;
    totalsSeen = now;
    if (first) return;
    // After this phone's own record or undo, what it did comes first.
    var said = fromGame && document.querySelector("#recorded");
    var line = said && (said.matches("p") ? said : said.querySelector("p"));
    var lead = line ? line.textContent.replace(/\s+/g, " ").trim() + " " : "";
    var foot = document.querySelector(TALLY + " tfoot th[data-net]");  // nets in a settlement
    region.textContent = lead + interpolate(
      foot ? gettext("Nets now: %(totals)s.") : gettext("Totals now: %(totals)s."), { totals: now }, true);
  }

  // ---- the jump to the form: hidden once the form itself is in view ----
  var jumpQueued = false;
  function placeJump() {
    jumpQueued = false;
    var jump = document.querySelector("[data-jump-record]");
    var record = document.getElementById("record");
    if (!jump || !record) return;
    jump.classList.toggle("here", record.getBoundingClientRect().top < window.innerHeight);
  }
  function queueJump() {
    if (jumpQueued) return;
    jumpQueued = true;
    window.requestAnimationFrame(placeJump);
  }
  window.addEventListener("scroll", queueJump, { passive: true });
  window.addEventListener("resize", queueJump);

  // ---- after a submit ----
  function firstProblem(record) {
    var found = null;
    record.querySelectorAll(".stale-deal, .errorlist").forEach(function (el) {
      if (found || el.hidden || !el.textContent.trim() || el.closest("[data-refusal]")) return;
      if (el.offsetParent === null) return;  // in a way or entry not chosen
      found = el;
    });
    return found || record.querySelector("[data-refusal]");
  }

  function bringIntoView(el) {
    if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
    el.focus({ preventScroll: true });  // the error, not its input: no keyboard pops up
    el.scrollIntoView({ block: "center" });
  }

  function afterRecorded(form, recorded) {
    var draft = readDraft(recorded) || (form ? { entries: entries(form) } : null);
    if (draft) {
      storage(function (s) { s.setItem(UNDONE + actionOf(recorded), JSON.stringify(draft.entries)); });
    }
    drop(recorded);
    recorded.focus({ preventScroll: true });
    recorded.scrollIntoView({ block: "start" });
  }

  // ---- the Undo lasts until the next deal is begun ----
  // Undone after that, its entries would overwrite the next deal's; Void, in the deal's
  // details, is still there. Only a person's own taps and keys begin a deal (isTrusted): the
  // form filling itself in (a draft put back, a widget redrawn) does not.
  function hideUndo() {
    var undo = document.querySelector("#recorded [data-undo]");
    if (undo) undo.hidden = true;
  }

  function begin(event) {
    if (!event.isTrusted) return;
    var form = recordForm(event.target);
    if (!form) return;
    var button = event.target.closest && event.target.closest("button");
    if (event.type === "click" && (!button || button.type === "submit")) return;
    form.setAttribute("data-begun", "");
    hideUndo();
  }
  document.addEventListener("input", begin, true);
  document.addEventListener("change", begin, true);
  document.addEventListener("click", begin, true);

  function recordForm(el) {
    return el && el.closest ? el.closest("[data-record-form]") : null;
  }

  // Something is entered in the form: begun here, a draft kept from before, or a trick.
  function begun(form) {
    if (form.hasAttribute("data-begun") || readDraft(form)) return true;
    return Array.prototype.some.call(form.querySelectorAll("input[data-trick]"), function (input) {
      return input.value.trim() !== "";
    });
  }

  // ---- what another phone did, outside the board ----
  // The poll swaps the board alone (a form being filled in must not be swapped away). After it:
  // - this phone's last deal confirmed, voided or followed by another on another phone: its
  //   "hand it across" and its Undo go, and the confirmation is said where they were;
  // - a deal recorded on another phone while this form is untouched: the form (its number, its
  //   heading, the jump to it, whose deal it is) is fetched again, for the deal now to come. A
  //   form with something in it keeps its number: the server then says the deal was recorded
  //   meanwhile, and keeps what was entered (a deal must not be recorded twice).
  var refreshing = false;
  var olderOpen = false;  // the older hands waiting for a confirmation, opened on this phone
  document.addEventListener("toggle", function (event) {
    if (event.target.matches && event.target.matches("[data-older-waiting]")) olderOpen = event.target.open;
  }, true);

  // A refresh that finds the form begun meanwhile is not swapped in: what was entered stays.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var config = event.detail.requestConfig;
    if (!refreshing || !config || config.verb !== "get" || event.detail.target.id !== "game") return;
    var form = theForm();
    if (form && begun(form)) event.detail.shouldSwap = false;
  });

  function followBoard(board) {
    var older = board.querySelector("[data-older-waiting]");
    if (older && olderOpen) older.open = true;
    var said = document.querySelector("#record [data-recorded]");
    if (said) {
      var key = said.getAttribute("data-recorded");
      var deal = board.querySelector("#deal-" + key);
      var latest = parseInt(board.getAttribute("data-latest"), 10);
      if (!deal || deal.classList.contains("voided") || latest > parseInt(key, 10)) hideUndo();
      var across = said.querySelector("[data-hand-across]");
      var waiting = board.querySelector('#unconfirmed [data-confirm="' + key + '"]');
      var mine = across && across.querySelector("[data-confirm]");
      if (across && (!waiting || !mine || revisionOf(waiting) !== revisionOf(mine))) {
        var by = deal && deal.querySelector(".tag.confirmed");
        if (by) {
          var line = document.createElement("p");
          line.className = "confirmed-flash";
          line.setAttribute("role", "status");
          // The sentence comes whole from the page, in its language, with "{name}" to fill in.
          line.textContent = across.getAttribute("data-hand-across")
            .replace("{name}", by.textContent.replace(/^\s*✓\s*/, "").trim());
          across.replaceWith(line);
        } else {
          across.remove();  // voided or changed meanwhile: the board says how it stands now
        }
      }
    }
    var form = theForm();
    var next = parseInt(board.getAttribute("data-next"), 10);
    var number = form && parseInt(numberOf(form), 10);
    if (!form || refreshing || isNaN(next) || isNaN(number) || next <= number || begun(form)) return;
    if (!window.htmx) return;
    refreshing = true;
    window.htmx.ajax("GET", window.location.pathname, { target: "#game", swap: "outerHTML", select: "#game" })
      .then(function () { refreshing = false; }, function () { refreshing = false; });
  }

  function revisionOf(form) {
    var input = form.querySelector('input[name="revision"]');
    return input ? input.value : "";
  }

  // The hand undone: its entries back in the form, to correct and record again.
  function afterUndo(form) {
    var key = UNDONE + actionOf(form);
    var text = storage(function (s) { return s.getItem(key); });
    storage(function (s) { s.removeItem(key); });
    try {
      if (text) fill(form, JSON.parse(text));
    } catch (e) { /* nothing kept */ }
    save(form);
    var said = document.querySelector("#recorded");
    if (said) { said.focus({ preventScroll: true }); said.scrollIntoView({ block: "start" }); }
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.matches && elt.matches("[data-undo]")) undoAsked = true;
    if (elt && elt.matches && elt.matches("[data-confirm]")) confirmAsked = true;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    if (!target || (target.id !== "game" && target.id !== "board")) return;
    var own = target.id === "game" && !confirmAsked && !!document.querySelector("#record [data-recorded]");
    sayTotals(target.id === "game", own);
    queueJump();
    if (target.id !== "game") {
      var board = document.getElementById("board");  // the board swapped in, not the one it replaced
      if (board) followBoard(board);
      return;
    }
    var form = theForm();
    var record = document.getElementById("record");
    var wasUndo = undoAsked;
    undoAsked = false;
    if (confirmAsked) {
      // A hand confirmed (here, or handed across from the form below): what it did, or why
      // not, where the eyes are.
      confirmAsked = false;
      var said = document.querySelector("#board .errorlist[role=alert], #board .confirmed-flash");
      if (said) bringIntoView(said);
      return;
    }
    if (!record) return;
    var recorded = record.querySelector("[data-recorded]");
    if (wasUndo && form && !document.querySelector("#board .errorlist[role=alert]")) {
      afterUndo(form);
    } else if (recorded) {
      afterRecorded(form, recorded);
    } else if (form) {
      var problem = firstProblem(record);
      if (problem) bringIntoView(problem);
      restore(form);
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    totalsSeen = totals();
    placeJump();
    var form = theForm();
    if (!form) return;
    // Back from recording without htmx (?recorded=): the hand recorded is not put back, its
    // draft has the number it was recorded as.
    restore(form);
    var problem = document.querySelector("#record [data-refusal]") && firstProblem(document.getElementById("record"));
    if (problem) bringIntoView(problem);
  });
})();
