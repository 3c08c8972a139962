// Trick entry (the trick family's widget). The pad knows whose turn it is from the game's
// description (data-turns: who leads after each dealer, which way play goes, whether followers
// match a lead of several cards, whether a turn may be a pass, which cards keep the lead), so
// a tap on a card is usually all a play costs; a tap on a player overrides the turn. It offers
// the cards the game plays (data-pack: the pack less any card never played to a trick). Each
// trick's text input keeps its plays in order as "seat:cards" (1:7H 2:KS+QD), so the form
// works without this script; the server judges the hand so far at every card (htmx swaps the
// verdicts in): a complete trick's verdict names the winner, who leads the next trick, and a
// refusal names the card that broke the rule, which the pad takes back at once.
(function () {
  "use strict";
  // Black and red suits in turn, so that where the cards run on across rows each suit stands
  // apart from the next.
  var SUITS = [
    ["S", "♠", pgettext("a suit, as in a card's name", "spades")],
    ["H", "♥", pgettext("a suit, as in a card's name", "hearts")],
    ["C", "♣", pgettext("a suit, as in a card's name", "clubs")],
    ["D", "♦", pgettext("a suit, as in a card's name", "diamonds")]
  ];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var RANK_WORDS = {
    A: pgettext("a rank, as in a card's name", "ace"),
    J: pgettext("a rank, as in a card's name", "jack"),
    Q: pgettext("a rank, as in a card's name", "queen"),
    K: pgettext("a rank, as in a card's name", "king")
  };
  var STORE = "sk-tricks:";

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

  function suitOf(card) { return SUITS.find(function (s) { return s[0] === card.slice(-1); }); }
  function rankOf(card) { return card.slice(0, -1); }
  function shown(card) { var s = suitOf(card); return rankOf(card) + (s ? s[1] : card.slice(-1)); }
  function spoken(card) {
    var r = rankOf(card), s = suitOf(card);
    // A court card's name and a number card's apart: some languages join suit and rank into
    // one word for the one ("spaðaás") and not for the other ("spaða 9").
    var said = { rank: RANK_WORDS[r] || r, suit: s ? s[2] : card.slice(-1) };
    return RANK_WORDS[r]
      ? interpolate(pgettext("a card's name", "%(rank)s of %(suit)s"), said, true)
      : interpolate(pgettext("a number card's name", "%(rank)s of %(suit)s"), said, true);
  }
  // A key's name starts with what it shows, so a voice user can say what they see (WCAG
  // 2.5.3): "A♠, ace of spades"; "9 of clubs" already holds its "9♣" (the suit is a symbol).
  function named(card) {
    return RANK_WORDS[rankOf(card)] ? shown(card) + ", " + spoken(card) : spoken(card);
  }

  // Saved entries, by game and deal number: a reload, a phone asleep or a trip to another
  // page loses nothing; a recorded deal moves the form to the next number, which drops them.
  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  function build(box) {
    if (box.dataset.ready) return;
    box.dataset.ready = "1";
    var form = box.closest("form");
    var names = JSON.parse(box.dataset.seats);
    var players = names.length;
    var pack = packOf(box);
    var turns = box.dataset.turns ? JSON.parse(box.dataset.turns) : {};
    var direction = turns.direction === -1 ? -1 : 1;
    var keeps = turns.keeps || [];
    var inputs = Array.prototype.slice.call(box.querySelectorAll("input[data-trick]"));
    var dock = box.querySelector(".trick-dock");
    var pad = box.querySelector(".trick-pad");
    var now = box.querySelector(".trick-now");
    var answer = box.querySelector(".trick-answer");
    var list = box.querySelector("#trick-verdicts");
    var perTrick = parseInt(box.dataset.playsPerTrick, 10) || players;
    var override = null; // a tapped player: {seat, add} until their card is played
    var tapped = {}; // "trick:card" of each card this pad entered (a typed one is the typist's)
    var store = storage();
    var key = box.dataset.store ? STORE + box.dataset.store : null;
    var prefix = box.dataset.storeGame ? STORE + box.dataset.storeGame + ":" : null;

    function after(seat) { return (seat + direction + players) % players; }

    function dealer() {
      var checked = form && form.querySelector('input[name="dealer"]:checked');
      if (checked && checked.value !== "") return parseInt(checked.value, 10);
      var expected = parseInt(box.dataset.dealer, 10);
      return isNaN(expected) ? null : expected;
    }

    // The trick being played: the first with fewer plays than a trick has. Worked out here,
    // not from the server's verdicts, which may still be on their way.
    function currentIndex() {
      for (var n = 0; n < inputs.length; n++) {
        if (!complete(plays(inputs[n]))) return n;
      }
      return inputs.length - 1;
    }

    // A follower still short of the number of cards led (their play has begun).
    function short(entries) {
      var last = entries[entries.length - 1];
      return !!(turns.matched && entries.length > 1 && last.cards.length &&
                last.cards.length < entries[0].cards.length);
    }

    function complete(entries) { return entries.length >= perTrick && !short(entries); }

    function verdict(number) {
      return list && list.querySelector('.verdict[data-n="' + number + '"]');
    }

    // Who leads trick n (0-based): after the dealer for the first, the last trick's winner after.
    function leaderOf(n) {
      if (n === 0) {
        var d = dealer();
        return d === null || !turns.leaders ? null : turns.leaders[d];
      }
      var v = verdict(n);
      return v && v.dataset.winnerSeat !== undefined ? parseInt(v.dataset.winnerSeat, 10) : null;
    }

    // Whose turn it is by the rules, and whether their card adds to the play they began.
    function expected() {
      var n = currentIndex();
      var done = plays(inputs[n]);
      if (!done.length || complete(done)) return { seat: done.length ? null : leaderOf(n), add: false };
      var last = done[done.length - 1];
      if (done.length === 1 && last.cards.length && keeps.length &&
          last.cards.every(function (c) { return keeps.indexOf(c) >= 0; })) {
        return { seat: last.seat, add: true }; // cards laid before the lead keep it
      }
      if (short(done)) return { seat: last.seat, add: true }; // held for as many cards as were led
      return { seat: after(last.seat), add: false };
    }

    function turn() { return override || expected(); }

    function allPlayed() {
      var seen = {};
      inputs.forEach(function (input) {
        plays(input).forEach(function (p) { p.cards.forEach(function (c) { seen[c] = (seen[c] || 0) + 1; }); });
      });
      return seen;
    }

    function save() {
      if (!store || !key) return;
      var texts = inputs.map(function (i) { return i.value; });
      try {
        if (texts.some(Boolean)) store.setItem(key, JSON.stringify({ tricks: texts, dealer: dealer() }));
        else store.removeItem(key);
      } catch (e) { /* full or refused: entry still works, it is only not kept */ }
    }

    function text(entries) {
      return entries.map(function (p) { return (p.seat + 1) + ":" + p.cards.join("+"); }).join(" ");
    }

    // Every card is judged as it is entered (a follower still laying theirs included): a play
    // the rules forbid is refused at its card.
    function write(input, entries) {
      input.value = text(entries);
      save();
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }

    function button(text, label) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      if (label) b.setAttribute("aria-label", label);
      return b;
    }

    // The pad's buttons are made once and kept: draw() only updates them. A verdict swapped
    // in while a finger is on a button (a slow answer about an earlier card) must not replace
    // the button under it, or the browser sends the click nowhere and the tap is lost.
    var seatButtons = [];
    var cardButtons = [];
    var passButton = null;
    var restButton = null;

    var grid = null;
    var actions = null;
    var widest = 0;

    function layout() {
      pad.innerHTML = "";
      var who = document.createElement("div");
      who.className = "trick-seats";
      who.style.gridTemplateColumns = "repeat(" + players + ", minmax(var(--tap), 1fr))"; // one row
      names.forEach(function (name, i) {
        var b = button(name);
        b.dataset.seat = String(i);
        b.addEventListener("click", function () { choose(i); });
        seatButtons.push(b);
        who.appendChild(b);
      });
      pad.appendChild(who);
      grid = document.createElement("div");
      grid.className = "trick-cards";
      widest = 0;
      SUITS.forEach(function (suit) {
        var row = RANKS.map(function (r) { return r + suit[0]; }).filter(function (c) { return pack[c]; });
        widest = Math.max(widest, row.length);
        row.forEach(function (card, col) {
          var b = button(shown(card), named(card));
          b.dataset.card = card;
          b.addEventListener("click", function () { play(card); });
          cardButtons.push({ card: card, col: col, red: suit[0] === "H" || suit[0] === "D", button: b });
          grid.appendChild(b);
        });
      });
      pad.appendChild(grid);
      actions = document.createElement("div");
      actions.className = "trick-actions";
      // Only in a game where a turn may be a pass (Brus: nothing that beats the highest, or
      // nothing to lead): a play of no card. A game without passing offers none.
      if (turns.passes) {
        passButton = button(pgettext("a play of no card", "Pass"));
        passButton.dataset.play = "pass";
        passButton.addEventListener("click", function () { play(null); });
        actions.appendChild(passButton);
        // Translators: a button's spoken name; it must begin with the words the button shows.
        restButton = button(gettext("All pass"), gettext("All pass: everyone still to play passes"));
        restButton.dataset.play = "all-pass";
        restButton.addEventListener("click", allPass);
        actions.appendChild(restButton);
      }
      // Translators: a button's spoken name; it must begin with the word the button shows.
      var undo = button("⌫ " + gettext("Undo"), gettext("Undo: take back the last card"));
      undo.addEventListener("click", takeBack);
      actions.appendChild(undo);
      pad.appendChild(actions);
      arrange();
      if (window.ResizeObserver) new ResizeObserver(arrange).observe(pad);
    }

    // Every key at least a thumb wide (--tap, 44 px): a row a suit when the longest suit fits
    // across, else the cards run on in suit order, as many a row as fit. The actions take the
    // free cells after the last card when each gets two (5rem), else a row of their own.
    function arrange() {
      if (!grid || !pad.clientWidth) return;
      var style = getComputedStyle(pad);
      var gap = parseFloat(style.columnGap) || 0;
      var tap = parseFloat(style.getPropertyValue("--tap")) || 44;
      var fit = Math.max(1, Math.floor((pad.clientWidth + gap) / (tap + gap)));
      var bySuit = widest <= fit;
      var columns = bySuit ? widest : fit;
      grid.classList.toggle("by-suit", bySuit);
      pad.style.gridTemplateColumns = "repeat(" + columns + ", minmax(0, 1fr))";
      cardButtons.forEach(function (entry) {
        entry.button.style.gridColumn = bySuit ? String(entry.col + 1) : "";
      });
      var last = cardButtons.length ? cardButtons[cardButtons.length - 1] : null;
      var used = !last ? columns : bySuit ? last.col + 1 : (cardButtons.length % columns || columns);
      var cell = (pad.clientWidth - gap * (columns - 1)) / columns;
      var room = (columns - used) * (cell + gap) - gap;
      var rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      var wanted = actions.children.length * (5 * rem + gap);
      actions.style.gridColumn = room >= wanted ? (used + 1) + " / -1" : "1 / -1";
    }

    function draw() {
      var n = currentIndex();
      var t = turn();
      inputs.forEach(function (i, k) { i.closest(".trick").classList.toggle("current", k === n); });
      pad.dataset.add = t.add ? "1" : "0";
      seatButtons.forEach(function (b, i) {
        b.setAttribute("aria-pressed", i === t.seat ? "true" : "false");
      });
      var played = allPlayed();
      cardButtons.forEach(function (entry) {
        var card = entry.card;
        var b = entry.button;
        var gone = (played[card] || 0) >= pack[card];
        b.setAttribute("aria-label", gone
          ? interpolate(gettext("%(card)s, played"), { card: named(card) }, true) : named(card));
        b.className = (entry.red ? "red" : "black") + (gone ? " played" : "");
        b.disabled = gone || t.seat === null;
      });
      if (passButton) passButton.disabled = t.seat === null;
      if (restButton) restButton.disabled = !plays(inputs[n]).length || complete(plays(inputs[n]));
      tell(n, t);
    }

    // The panel beside the pad: the trick in progress and whose turn it is.
    function tell(n, t) {
      var done = plays(inputs[n]);
      var said = done.map(function (p) {
        return p.cards.length
          ? interpolate(gettext("%(name)s %(cards)s"), { name: names[p.seat], cards: p.cards.map(shown).join("+") }, true)
          : interpolate(gettext("%(name)s passes"), { name: names[p.seat] }, true);
      });
      var next;
      var refused = list && list.querySelector(".verdict.illegal:not(.taken-back)");
      if (t.seat === null && refused) {
        next = gettext("refused (why is below): Undo takes back the last card");
      } else if (t.seat === null) {
        next = complete(done) || n > 0
          ? gettext("waiting for the verdict (or tap who leads)")
          : gettext("tap who leads");
      } else {
        var who = { name: names[t.seat] };
        next = t.add ? interpolate(gettext("%(name)s adds a card"), who, true)
          : done.length ? interpolate(gettext("%(name)s to play"), who, true)
          : interpolate(gettext("%(name)s leads"), who, true);
      }
      now.textContent = said.length
        ? interpolate(gettext("Trick %(number)s: %(plays)s; %(next)s."),
          { number: n + 1, plays: said.join(", "), next: next }, true)
        : interpolate(gettext("Trick %(number)s: %(next)s."), { number: n + 1, next: next }, true);
    }

    // The last verdict, or the refusal of a play, copied from the list the server sent.
    function answerFromList() {
      answer.innerHTML = "";
      if (!list) return;
      var refused = list.querySelector(".verdict.illegal");
      var judged = list.querySelectorAll(".verdict[data-winner-seat]");
      var shownVerdict = refused || (judged.length ? judged[judged.length - 1] : null);
      if (shownVerdict) {
        var p = document.createElement("p");
        p.className = refused ? "errorlist refusal" : "verdict-last";
        if (refused) p.setAttribute("role", "alert");
        p.textContent = shownVerdict.textContent.replace(/\s+/g, " ").trim();
        if (refused && refused.classList.contains("taken-back")) {
          var card = refused.dataset.breachCards;
          p.textContent += " " + (card
            ? interpolate(gettext("%(card)s taken back."), { card: shown(card) }, true)
            : gettext("The pass taken back."));
        }
        answer.appendChild(p);
      }
      var won = list.querySelector(".tricks-won");
      if (won) {
        var w = document.createElement("p");
        w.className = "tricks-won";
        w.textContent = won.textContent.replace(/\s+/g, " ").trim();
        answer.appendChild(w);
      }
    }

    function choose(seat) {
      var done = plays(inputs[currentIndex()]);
      var last = done[done.length - 1];
      // The player who just played, tapped again: their next card adds to that play.
      var add = !!(last && last.seat === seat && last.cards.length);
      var t = expected();
      if (t.seat === seat && t.add) add = true;
      override = { seat: seat, add: add };
      draw();
    }

    // In a game where a turn may be a pass, a play by a player further round means those
    // between passed.
    function fillPasses(entries, seat, start) {
      if (!turns.passes || start === null) return;
      var s = start;
      var taken = entries.map(function (p) { return p.seat; });
      while (s !== seat && entries.length < perTrick - 1 && taken.indexOf(s) < 0) {
        entries.push({ seat: s, cards: [] });
        taken.push(s);
        s = after(s);
      }
    }

    function play(card) {
      var t = turn();
      if (t.seat === null) return;
      var n = currentIndex();
      var input = inputs[n];
      var entries = plays(input);
      var last = entries[entries.length - 1];
      if (card === null && t.add && last && last.seat === t.seat && last.cards.length) {
        override = { seat: after(t.seat), add: false }; // "pass" while held: the play is done
        draw();
        return;
      }
      if (card !== null) tapped[n + ":" + card] = true;
      if (t.add && last && last.seat === t.seat && card !== null) {
        last.cards.push(card);
      } else {
        var start = entries.length ? after(last.seat) : leaderOf(n);
        fillPasses(entries, t.seat, start);
        entries.push({ seat: t.seat, cards: card === null ? [] : [card] });
      }
      override = null;
      write(input, entries);
      draw();
    }

    function allPass() {
      var input = inputs[currentIndex()];
      var entries = plays(input);
      if (!entries.length) return;
      var s = after(entries[entries.length - 1].seat);
      while (entries.length < perTrick) {
        entries.push({ seat: s, cards: [] });
        s = after(s);
      }
      override = null;
      write(input, entries);
      draw();
    }

    function takeBack() {
      var n = currentIndex();
      var input = inputs[n];
      var entries = plays(input);
      if (!entries.length && n > 0) { input = inputs[n - 1]; entries = plays(input); }
      var last = entries[entries.length - 1];
      if (!last) return;
      if (last.cards.length) last.cards.pop();
      if (!last.cards.length) entries.pop();
      override = { seat: last.seat, add: last.cards.length > 0 };
      write(input, entries);
      draw();
    }

    function restore() {
      if (!store || !key) return;
      // Entries kept for another deal of this game were recorded (or given up): drop them.
      for (var i = store.length - 1; i >= 0; i--) {
        var k = store.key(i);
        if (prefix && k && k.indexOf(prefix) === 0 && k !== key) store.removeItem(k);
      }
      if (inputs.some(function (input) { return input.value.trim(); })) return;
      var kept;
      try { kept = JSON.parse(store.getItem(key) || "null"); } catch (e) { kept = null; }
      if (!kept || !kept.tricks) return;
      inputs.forEach(function (input, i) { input.value = kept.tricks[i] || ""; });
      if (kept.dealer !== null && kept.dealer !== undefined && form &&
          !form.querySelector('input[name="dealer"]:checked')) {
        var radio = form.querySelector('input[name="dealer"][value="' + kept.dealer + '"]');
        if (radio) radio.checked = true;
      }
      // Ask for the verdicts of what was restored (the winner of the last trick leads next).
      // (after htmx has set the fieldset up: both start when the page's scripts have run)
      setTimeout(function () { inputs[0].dispatchEvent(new Event("change", { bubbles: true })); }, 0);
    }

    // A refusal names the card that broke the rule (the engine's breach: its trick, play and
    // place in the play). If this pad entered that card and it is still there, it alone is
    // taken back at once; the refusal stays in the panel until the next card, and the turn
    // goes back to whoever the rules say plays now.
    function takeBackBreach() {
      var refused = list && list.querySelector(".verdict.illegal[data-breach-trick]");
      if (!refused) return;
      var at = refused.dataset;
      var input = inputs[parseInt(at.breachTrick, 10)];
      if (!input) return;
      var entries = plays(input);
      var index = parseInt(at.breachPlay, 10);
      var entry = entries[index];
      if (!entry || entry.seat !== parseInt(at.breachSeat, 10)) return;
      if (at.breachCards) {
        var place = parseInt(at.breachCard, 10);
        var key = at.breachTrick + ":" + at.breachCards;
        if (entry.cards[place] !== at.breachCards || !tapped[key]) return;
        entry.cards.splice(place, 1);
        delete tapped[key];
      } else if (entry.cards.length || index !== entries.length - 1) {
        return; // a pass is taken back only as the last play entered
      }
      if (!entry.cards.length) entries.splice(index, 1);
      input.value = text(entries);
      save();
      override = null;
      refused.classList.add("taken-back");
    }

    box.addEventListener("htmx:afterSwap", function () {
      takeBackBreach();
      answerFromList();
      draw();
    });
    if (form) {
      form.addEventListener("change", function (event) {
        if (event.target.name === "dealer") { override = null; save(); draw(); }
      });
    }
    dock.hidden = false;
    if (list) list.removeAttribute("aria-live"); // the panel announces instead
    // The pad is how tricks are entered now: the text fields fold away (unless one was
    // refused), so the pad sits near the top of the form.
    var typed = box.querySelector("[data-trick-text]");
    if (typed && !typed.querySelector(".errorlist")) typed.open = false;
    // A game with no hand yet: the pad waits at the foot of the screen from the start, where
    // the thumb is, the page keeping room below for it (--dock-height).
    // While it floats there (data-dock-floats) the jump to the form is not shown: the pad is the
    // form's entry, in view, and above it the jump could only cover the game's title or board.
    var root = document.documentElement;
    if (box.hasAttribute("data-float")) {
      dock.classList.add("float");
      var room = function () {
        if (!dock.isConnected) return;  // a form swapped away (a hand recorded)
        root.style.setProperty("--dock-height", dock.offsetHeight + "px");
        if (dock.offsetHeight) root.setAttribute("data-dock-floats", "");
        else root.removeAttribute("data-dock-floats");  // another way of recording chosen
      };
      if (window.ResizeObserver) new ResizeObserver(room).observe(dock);
      room();
    } else {
      root.style.removeProperty("--dock-height");
      root.removeAttribute("data-dock-floats");
    }
    restore();
    answerFromList();
    layout();
    draw();
  }

  function init(root) {
    (root || document).querySelectorAll("[data-tricks]").forEach(build);
  }
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
