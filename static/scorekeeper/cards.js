// Card picker: tap a suit, then ranks, to append cards to a text input in our notation.
// The input stays the source of truth (and works without this script).
(function () {
  "use strict";
  var SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

  function tokens(input) {
    return input.value.trim().toUpperCase().split(/[\s,;]+/).filter(Boolean);
  }

  function setTokens(input, list) {
    input.value = list.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function build(input) {
    if (input.dataset.pickerReady) return;
    input.dataset.pickerReady = "1";
    var picker = document.createElement("div");
    picker.className = "picker";
    var suits = document.createElement("div");
    suits.className = "picker-suits";
    var grid = document.createElement("div");
    grid.className = "picker-grid";
    var suit = "S";

    SUITS.forEach(function (pair) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = pair[1];
      b.setAttribute("aria-label", "suit " + pair[0]);
      b.setAttribute("aria-pressed", pair[0] === suit ? "true" : "false");
      if (pair[0] === "H" || pair[0] === "D") b.className = "red";
      b.addEventListener("click", function () {
        suit = pair[0];
        suits.querySelectorAll("button").forEach(function (x) {
          x.setAttribute("aria-pressed", x === b ? "true" : "false");
        });
        drawRanks();
      });
      suits.appendChild(b);
    });

    function drawRanks() {
      grid.innerHTML = "";
      RANKS.forEach(function (rank) {
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = rank + SUITS.find(function (p) { return p[0] === suit; })[1];
        b.dataset.card = rank + suit;
        if (suit === "H" || suit === "D") b.className = "red";
        b.addEventListener("click", function () { setTokens(input, tokens(input).concat([b.dataset.card])); });
        grid.appendChild(b);
      });
      var joker = document.createElement("button");
      joker.type = "button";
      joker.textContent = "JK";
      joker.dataset.card = "JK";
      joker.addEventListener("click", function () { setTokens(input, tokens(input).concat(["JK"])); });
      grid.appendChild(joker);
      var back = document.createElement("button");
      back.type = "button";
      back.textContent = "⌫";
      back.setAttribute("aria-label", "remove the last card");
      back.addEventListener("click", function () { setTokens(input, tokens(input).slice(0, -1)); });
      grid.appendChild(back);
    }

    drawRanks();
    picker.appendChild(suits);
    picker.appendChild(grid);
    input.insertAdjacentElement("afterend", picker);
  }

  function init(root) {
    (root || document).querySelectorAll("input[data-card-input]").forEach(build);
  }

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
