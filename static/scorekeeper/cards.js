// Card picker: the game's whole pack as keys; a tap appends the card to a text input in our notation.
// The input stays the source of truth (and works without this script). The cards offered are
// the game's pack, which the server puts on the form (data-pack: [[card, copies], ...]): 36 for
// Voormsi, 52 for Brummy, 106 with jokers for Bridge Rummy.
(function () {
  "use strict";
  var SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var FULL = {};
  SUITS.forEach(function (s) { RANKS.forEach(function (r) { FULL[r + s[0]] = 1; }); });

  // The pack of the form an element sits in: {card: copies}.
  function packOf(el) {
    var form = el.closest ? el.closest("[data-pack]") : null;
    if (!form) return FULL;
    var pack = {};
    JSON.parse(form.dataset.pack).forEach(function (pair) { pack[pair[0]] = pair[1]; });
    return pack;
  }

  function suitsIn(pack) {
    return SUITS.filter(function (s) { return RANKS.some(function (r) { return pack[r + s[0]]; }); });
  }

  function tokens(input) {
    return input.value.trim().toUpperCase().split(/[\s,;]+/).filter(Boolean);
  }

  function setTokens(input, list) {
    input.value = list.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function symbolOf(card) {
    if (card === "JK") return "JK";
    var s = card.slice(-1);
    return card.slice(0, -1) + SUITS.find(function (p) { return p[0] === s; })[1];
  }

  // Every card input of a form (pickers and grids), to see which cards another seat holds.
  function cardInputs(root) {
    var found = Array.prototype.slice.call(root.querySelectorAll("input[data-card-input]"));
    root.querySelectorAll(".grid-entry[data-grid-for]").forEach(function (host) {
      var input = document.getElementById(host.dataset.gridFor);
      if (input) found.push(input);
    });
    return found;
  }

  // Names as the page's language lists them ("Ann and Ben"; CLDR's list patterns).
  function listed(names) {
    return new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" }).format(names);
  }

  function heldBy(names) {
    return interpolate(gettext("held by %(names)s"), { names: listed(names) }, true);
  }

  function whose(input) {
    var hand = input.closest("fieldset.hand");
    var legend = hand && hand.querySelector("legend");
    if (legend) return legend.textContent.trim();
    var label = input.labels && input.labels[0];
    return label ? label.textContent.trim() : gettext("another entry");
  }

  // The cards the other inputs of the same form hold: {card: [who, ...]}, one name per copy.
  // An input not shown (a seat giving a count instead of cards) holds nothing.
  function heldElsewhere(input) {
    var root = input.closest("form") || document;
    var held = {};
    cardInputs(root).forEach(function (other) {
      var box = other.closest(".entry") || other;
      if (other === input || box.offsetParent === null) return;
      var name = whose(other);
      tokens(other).forEach(function (card) {
        if (card === "-") return;
        (held[card] = held[card] || []).push(name);
      });
    });
    return held;
  }

  function countIn(list, card) {
    return list.filter(function (c) { return c === card; }).length;
  }

  // The whole pack at once, a suit to a row or two: a card is one tap, with no suit to switch.
  // A card this hand holds is marked; one another seat holds says whose; with every copy taken
  // (two packs: two), it is greyed out.
  function build(input) {
    if (input.dataset.pickerReady) return;
    input.dataset.pickerReady = "1";
    var picker = document.createElement("div");
    picker.className = "picker picker-all";
    var grid = document.createElement("div");
    grid.className = "picker-pack";
    var pack = packOf(input);
    var keys = [];

    function key(card, red) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = symbolOf(card);
      b.dataset.card = card;
      b.className = red ? "red" : "";
      b.addEventListener("click", function () { setTokens(input, tokens(input).concat([card])); });
      grid.appendChild(b);
      keys.push(b);
      return b;
    }

    suitsIn(pack).forEach(function (pair) {
      var red = pair[0] === "H" || pair[0] === "D";
      RANKS.filter(function (rank) { return pack[rank + pair[0]]; }).forEach(function (rank, i) {
        var b = key(rank + pair[0], red);
        if (i === 0) b.classList.add("suit-start");
      });
    });
    if (pack.JK) key("JK", false);
    var back = document.createElement("button");
    back.type = "button";
    back.textContent = "⌫";
    back.setAttribute("aria-label", gettext("remove the last card"));
    back.addEventListener("click", function () { setTokens(input, tokens(input).slice(0, -1)); });
    grid.appendChild(back);

    function refresh() {
      var mine = tokens(input);
      var held = heldElsewhere(input);
      keys.forEach(function (b) {
        var card = b.dataset.card;
        var own = countIn(mine, card);
        var others = held[card] || [];
        b.classList.toggle("picked", own > 0);
        b.classList.toggle("held", others.length > 0);
        if (others.length) b.dataset.holder = others.join(", "); else delete b.dataset.holder;
        b.disabled = own + others.length >= (pack[card] || 0);
        var said = [];
        if (own) said.push(own > 1 ? gettext("in this hand twice") : gettext("in this hand"));
        if (others.length) said.push(heldBy(others));
        if (said.length) b.setAttribute("aria-label", symbolOf(card) + ", " + said.join(", "));
        else b.removeAttribute("aria-label");
      });
    }
    input.scorekeeperPicker = refresh;
    refresh();
    picker.appendChild(grid);
    // Below what the server said of the cards (a refusal), so the sentence sits by the cards.
    // (The list of errors cannot sit in the input's paragraph: the parser puts it after.)
    var said = input.nextElementSibling || (input.parentElement && input.parentElement.nextElementSibling);
    (said && said.matches(".errorlist") ? said : input).insertAdjacentElement("afterend", picker);
  }

  // Any card entered or a seat's way of entry changed: every picker of the form redraws.
  function refreshAll(event) {
    var root = (event.target.closest && event.target.closest("form")) || document;
    root.querySelectorAll("input[data-card-input]").forEach(function (input) {
      if (input.scorekeeperPicker) input.scorekeeperPicker();
    });
    root.querySelectorAll(".grid-entry[data-grid-for]").forEach(function (host) {
      if (host.scorekeeperGrid) host.scorekeeperGrid();
    });
  }
  document.addEventListener("input", refreshAll);
  document.addEventListener("change", refreshAll);

  // Grid entry (a 3x3 or 3x4 grid of the grid family): the cards fill the cells in order, the
  // next empty cell chosen after each (tap a cell to put a card elsewhere); the whole pack shows
  // at once, as on the card picker, so a card is one tap. The text input keeps the grid row by
  // row, "-" for an empty cell, and htmx scores it on every change.
  function buildGrid(host) {
    if (host.dataset.ready) return;
    host.dataset.ready = "1";
    var input = document.getElementById(host.dataset.gridFor);
    // The grid's layout comes from the server (the grid family's shape of this game).
    var width = parseInt(host.dataset.columns, 10);
    var size = parseInt(host.dataset.size, 10);
    var pack = packOf(host);
    var cells = [];
    var selected = 0;

    function read() {
      var list = tokens(input);
      cells = [];
      for (var i = 0; i < size; i++) cells.push(list[i] && list[i] !== "-" ? list[i] : null);
    }
    function write() {
      var list = cells.map(function (c) { return c || "-"; });
      while (list.length && list[list.length - 1] === "-") list.pop();
      input.value = list.join(" ");
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
    var elsewhere = {};
    function used(card) {
      var here = cells.filter(function (c, i) { return c === card && i !== selected; }).length;
      return here + (elsewhere[card] || []).length;
    }

    // The cells and keys are made once and redrawn in place. A redraw that replaced them would
    // drop a tap: leaving a number box (a seat's total) fires "change" on the pointer's press,
    // every grid redraws, and the key pressed is gone before the click lands on it.
    var board = document.createElement("div");
    board.className = "grid-cells";
    board.style.gridTemplateColumns = "repeat(" + width + ", 1fr)";
    var keys = document.createElement("div");
    keys.className = "picker-pack picker-grid";

    var cellButtons = [];
    for (var c = 0; c < size; c++) {
      (function (i) {
        var b = document.createElement("button");
        b.type = "button";
        b.addEventListener("click", function () { selected = i; draw(); });
        board.appendChild(b);
        cellButtons.push(b);
      })(c);
    }
    var cardKeys = [];
    suitsIn(pack).forEach(function (pair) {
      RANKS.filter(function (rank) { return pack[rank + pair[0]]; }).forEach(function (rank, k) {
        var card = rank + pair[0];
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = symbolOf(card);
        b.dataset.card = card;
        b.className = (pair[0] === "H" || pair[0] === "D" ? "red" : "") + (k === 0 ? " suit-start" : "");
        b.addEventListener("click", function () {
          cells[selected] = card;
          var next = cells.indexOf(null);
          if (next !== -1) selected = next;
          write();
          draw();
        });
        keys.appendChild(b);
        cardKeys.push(b);
      });
    });
    var clear = document.createElement("button");
    clear.type = "button";
    clear.textContent = "⌫";
    clear.setAttribute("aria-label", gettext("empty the selected cell"));
    clear.addEventListener("click", function () { cells[selected] = null; write(); draw(); });
    keys.appendChild(clear);

    function draw() {
      elsewhere = heldElsewhere(input);
      cellButtons.forEach(function (b, i) {
        var card = cells[i];
        b.className = "cell" + (i === selected ? " selected" : "") + (card && /[HD]$/.test(card) ? " red" : "");
        b.textContent = card ? symbolOf(card) : "+";
        // The name starts with what the cell shows (WCAG 2.5.3): "A♠, row 1 column 1".
        var where = interpolate(gettext("row %(row)s column %(column)s"),
          { row: Math.floor(i / width) + 1, column: i % width + 1 }, true);
        b.setAttribute("aria-label", card ? symbolOf(card) + ", " + where
          : interpolate(gettext("%(cell)s: empty"), { cell: where }, true));
        b.setAttribute("aria-pressed", i === selected ? "true" : "false");
      });
      cardKeys.forEach(function (b) {
        var card = b.dataset.card;
        b.classList.toggle("picked", cells.indexOf(card) !== -1);
        b.disabled = used(card) >= pack[card];
        var others = elsewhere[card] || [];
        b.classList.toggle("held", others.length > 0);
        if (others.length) {
          b.dataset.holder = others.join(", ");
          b.setAttribute("aria-label", symbolOf(card) + ", " + heldBy(others));
        } else {
          delete b.dataset.holder;
          b.removeAttribute("aria-label");
        }
      });
    }

    // The input filled from elsewhere (typed, or a draft put back after a reload): the next card
    // goes to the first empty cell, as after a tap, not over a card already there.
    input.addEventListener("input", function () {
      read();
      if (cells[selected] && cells.indexOf(null) !== -1) selected = cells.indexOf(null);
      draw();
    });
    host.scorekeeperGrid = draw;
    read();
    selected = Math.max(0, cells.indexOf(null));
    draw();
    var picker = document.createElement("div");
    picker.className = "picker picker-all";
    picker.appendChild(keys);
    host.appendChild(board);
    host.appendChild(picker);
  }

  function init(root) {
    (root || document).querySelectorAll("input[data-card-input]").forEach(build);
    (root || document).querySelectorAll(".grid-entry[data-grid-for]").forEach(buildGrid);
  }

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
