// The live boards (the game page's scoreboard, the big screen): they poll every 2 s with a poll
// key that lets the server answer "nothing changed" cheaply. A key grows old; when the server
// hands out a new one (the X-Poll-Key header, on a "nothing changed" too), keep it for the next
// polls. Without this script the boards still refresh: an old key only takes the longer path.
(function () {
  "use strict";

  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    var xhr = event.detail.xhr;
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-live-poll") || !xhr) return;
    var key = xhr.getResponseHeader("X-Poll-Key");
    if (key && document.body.contains(elt)) {
      elt.setAttribute("hx-headers", JSON.stringify({ "X-Poll-Key": key }));
    }
  });

  // The deal form: a player left without an entry is named before the deal is sent (the
  // adjudicator needs every player's entry, bar the one who went out), so the table fills it
  // in at once instead of waiting on the server. The server says the same without scripts.
  function emptyRows(form, box) {
    var skipped = null;
    var skip = box.dataset.skipField;
    if (skip) {
      var chosen = form.querySelector('input[name="' + skip + '"]:checked');
      skipped = chosen ? chosen.value : null;
    }
    var rows = [];
    form.querySelectorAll("fieldset.hand[data-seat]").forEach(function (row) {
      if (row.dataset.seat === skipped) return;
      var way = row.closest("[data-way]");
      if (way && way.offsetParent === null) return;  // another way of recording is chosen
      var how = row.querySelector('input[name^="how_"]:checked');
      var entry = how ? row.querySelector('[data-entry="' + how.value + '"]') : null;
      if (how && !entry) return;  // a choice with nothing to fill in ("never went down")
      var filled = Array.prototype.some.call(
        row.querySelectorAll(".entry input:not([type=radio]):not([type=checkbox]), .entry textarea"),
        function (input) { return input.value.trim() !== ""; });
      if (!filled) rows.push(row);
    });
    return rows;
  }

  // The names as the page's language lists them ("Ann, Ben and Cy"; CLDR's list patterns).
  function listed(names) {
    return new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" }).format(names);
  }

  function sentence(names) {
    return interpolate(ngettext(
      "%(names)s has no entry. Nothing was sent: fill it in first.",
      "%(names)s have no entry. Nothing was sent: fill them in first.",
      names.length), { names: listed(names) }, true);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("[data-record-form]")) return;
    var box = form.querySelector("[data-empty-warning]");
    if (!box) return;
    var rows = emptyRows(form, box);
    if (!rows.length) { box.hidden = true; return; }
    // Capturing on the document, before htmx's own listener on the form: nothing is sent.
    event.preventDefault();
    event.stopImmediatePropagation();
    var names = rows.map(function (row) { return row.querySelector("legend").textContent.trim(); });
    box.querySelector("[data-empty-text]").textContent = sentence(names);
    box.hidden = false;
    box.scrollIntoView({ block: "center" });
  }, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-empty-cancel]");
    if (!button) return;
    var form = button.closest("[data-record-form]");
    var box = form && form.querySelector("[data-empty-warning]");
    if (!box) return;
    box.hidden = true;
    var rows = emptyRows(form, box);
    var inputs = rows.length ? rows[0].querySelectorAll(".entry input:not([type=radio]):not([type=checkbox])") : [];
    var input = Array.prototype.find.call(inputs, function (i) { return i.offsetParent !== null; });
    if (input) input.focus();
  });
})();
