// Trick entry (the trick family's widget): tap who plays, then the card. Each trick's text input
// keeps its plays in order as "seat:cards" (1:7H 2:KS+QD), so the form works without this
// script; the server judges each trick as it completes (htmx swaps the verdicts in).
(function () {
  "use strict";
  var SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

  function packOf(el) {
    var form = el.closest("[data-pack]");
    var pack = {};
    if (form) JSON.parse(form.dataset.pack).forEach(function (pair) { pack[pair[0]] = pair[1]; });
    return pack;
  }

  function plays(input) {
    return input.value.trim().split(/\s+/).filter(Boolean).map(function (token) {
      var parts = token.split(":");
      return { seat: parseInt(parts[0], 10) - 1, cards: (parts[1] || "").split("+").filter(Boolean) };
    });
  }

  function write(input, list) {
    input.value = list.map(function (p) { return (p.seat + 1) + ":" + p.cards.join("+"); }).join(" ");
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function build(box) {
    if (box.dataset.ready) return;
    box.dataset.ready = "1";
    var names = JSON.parse(box.dataset.seats);
    var players = names.length;
    var pack = packOf(box);
    var inputs = Array.prototype.slice.call(box.querySelectorAll("input[data-trick]"));
    var pad = box.querySelector(".trick-pad");
    var seat = null;
    var suit = "S";
    var lastSeat = null;
    var chosen = false; // the player tapped a seat since the last card: keep their choice

    function allPlayed() {
      var seen = {};
      inputs.forEach(function (input) {
        plays(input).forEach(function (p) { p.cards.forEach(function (c) { seen[c] = (seen[c] || 0) + 1; }); });
      });
      return seen;
    }

    var perTrick = parseInt(box.dataset.playsPerTrick, 10) || players;

    // The trick being played: the first with fewer plays than a trick has. Worked out here,
    // not from the server's verdicts, which may still be on their way.
    function current() {
      for (var n = 0; n < inputs.length; n++) {
        if (plays(inputs[n]).length < perTrick) return inputs[n];
      }
      return inputs[inputs.length - 1];
    }

    function nextSeat(input) {
      var list = plays(input);
      if (!list.length) return seat;
      var last = list[list.length - 1].seat;
      return (last + 1) % players;
    }

    function draw() {
      pad.innerHTML = "";
      var input = current();
      inputs.forEach(function (i) { i.closest(".trick").classList.toggle("current", i === input); });
      var who = document.createElement("div");
      who.className = "trick-seats";
      names.forEach(function (name, i) {
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = name;
        b.dataset.seat = String(i);
        b.setAttribute("aria-pressed", i === seat ? "true" : "false");
        b.addEventListener("click", function () { seat = i; chosen = true; draw(); });
        who.appendChild(b);
      });
      pad.appendChild(who);
      var suits = document.createElement("div");
      suits.className = "picker-suits";
      SUITS.forEach(function (pair) {
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = pair[1];
        b.setAttribute("aria-label", "suit " + pair[0]);
        b.setAttribute("aria-pressed", pair[0] === suit ? "true" : "false");
        if (pair[0] === "H" || pair[0] === "D") b.className = "red";
        b.addEventListener("click", function () { suit = pair[0]; draw(); });
        suits.appendChild(b);
      });
      pad.appendChild(suits);
      var cards = document.createElement("div");
      cards.className = "picker-grid";
      var played = allPlayed();
      RANKS.forEach(function (rank) {
        var card = rank + suit;
        if (!pack[card]) return;
        var b = document.createElement("button");
        b.type = "button";
        b.dataset.card = card;
        b.textContent = rank + SUITS.find(function (p) { return p[0] === suit; })[1];
        if (suit === "H" || suit === "D") b.className = "red";
        b.disabled = (played[card] || 0) >= pack[card] || seat === null;
        b.addEventListener("click", function () { play(card); });
        cards.appendChild(b);
      });
      // A pass (Brus: nothing that beats the highest, or nothing to lead): a play of no card.
      var pass = document.createElement("button");
      pass.type = "button";
      pass.textContent = "Pass";
      pass.disabled = seat === null;
      pass.addEventListener("click", function () { play(null); });
      cards.appendChild(pass);
      var undo = document.createElement("button");
      undo.type = "button";
      undo.textContent = "⌫";
      undo.setAttribute("aria-label", "take back the last card");
      undo.addEventListener("click", takeBack);
      cards.appendChild(undo);
      pad.appendChild(cards);
    }

    function play(card) {
      var input = current();
      var list = plays(input);
      var last = list[list.length - 1];
      // The same player again adds a card to their play (a lead of several cards).
      if (card === null) list.push({ seat: seat, cards: [] });
      else if (last && last.seat === seat && lastSeat === seat) last.cards.push(card);
      else list.push({ seat: seat, cards: [card] });
      lastSeat = seat;
      chosen = false;
      write(input, list);
      seat = nextSeat(input);
      draw();
    }

    function takeBack() {
      var input = current();
      var list = plays(input);
      if (!list.length) {
        var i = inputs.indexOf(input);
        if (i > 0) { input = inputs[i - 1]; list = plays(input); }
      }
      var last = list[list.length - 1];
      if (!last) return;
      if (last.cards.length) last.cards.pop();
      if (!last.cards.length) list.pop();
      write(input, list);
      seat = last.seat;
      lastSeat = null;
      draw();
    }

    box.addEventListener("htmx:afterSwap", function () {
      // A trick just completed: its winner leads the next, unless a player was tapped since.
      var verdicts = box.querySelectorAll(".verdict[data-winner-seat]");
      var trick = current();
      if (verdicts.length && !chosen && !plays(trick).length) {
        seat = parseInt(verdicts[verdicts.length - 1].dataset.winnerSeat, 10);
        lastSeat = null;
      }
      draw();
    });
    pad.hidden = false;
    draw();
  }

  function init(root) {
    (root || document).querySelectorAll("[data-tricks]").forEach(build);
  }
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
