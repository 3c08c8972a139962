"""What each ruling id says, in a line of our own: the ids the games cite ("(7a)", "V-1") are
those of the project's rulings, which the app cannot read at run time, so each gets a short
note here for the page to show when a player taps it.

>>> str(rule_note("V-1"))
'Voormsi: a side scores for tricks only with more than five of the nine; five score nothing.'
>>> from adjudicator.messages import render
>>> note = render(rule_note("B-3"), "da")
>>> note.startswith("Brummy: ")
True
>>> rule_note("Z-9") is None
True
>>> cited("6 tricks (V-1), first five (7a); no id here (x)")
('V-1', '7a')
>>> cited("a run (A-2-3)")
()
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from adjudicator.messages import Message, msg

NOTES: Mapping[str, Message] = {
    # Brummy
    "1a": msg(
        "Brummy: one pack (two when more than four play), nine cards each, one turned up to "
        "start the discard pile; each player's nine make a 3x3 grid scored on its eight lines."
    ),
    "B-1": msg("Brummy: a run may have the ace low (A-2-3) or high (Q-K-A)."),
    "B-2": msg("Brummy: K-A-2 round the corner is not a run unless the house rule allows it."),
    "B-3": msg(
        "Brummy: the knocker gets 10 only when strictly highest; a player level with the "
        "knocker gets 5, anyone above gets 10."
    ),
    "B-4": msg("Brummy: only J, Q and K are face cards for the optional extra; the ace is not."),
    "B-5": msg("Brummy: a line zeroed by two identical cards earns no face-card extra either."),
    "B-6": msg(
        "Brummy: play to a target (201); highest total wins, and an exact tie for the lead "
        "plays another deal."
    ),
    "B-7": msg(
        "Brummy: the rules' worked example cannot be laid out as listed; lines are scored "
        "as they lie."
    ),
    "B-8": msg("Brummy: the knocker takes no further turn after knocking."),
    # Brummagem
    "2a": msg(
        "Brummagem: Brummy with twelve cards each in a 3x4 grid; only rows and columns "
        "score, and a double pack is preferred at three."
    ),
    "M-1": msg("Brummagem: a four-card row adds its rank, flush and run parts (at most 12)."),
    "M-2": msg("Brummagem: the rules' example adds up to 39, not the 42 printed."),
    "M-3": msg("Brummagem: two pairs in a row score 4 unless the house rule counts one pair only."),
    "M-4": msg(
        "Brummagem: a four-card run with three of one suit scores run and flush parts, 4+3."
    ),
    "M-5": msg("Brummagem: three rows of four cards, four columns of three."),
    # Bridge Rummy
    "3a": msg(
        "Bridge Rummy: two packs and two jokers, 14 cards each dealt two at a time; the cut "
        "card lies under the stock out of play (a cut joker is kept); 7 deals, lowest total wins."
    ),
    "R-1": msg("Bridge Rummy: the ace always counts 10 towards the 50, so A-2-3 makes 15."),
    "R-2": msg("Bridge Rummy: a joker in a set counts as the card it stands for."),
    "R-3": msg("Bridge Rummy: after a Hand Rummy the count is doubled first, then rounded."),
    "R-4": msg(
        "Bridge Rummy: Hand Rummy is going out on the first meld turn of the deal, apart "
        "from the discard."
    ),
    "R-5": msg("Bridge Rummy: the 100 off for a fourth star is given once."),
    "R-6": msg(
        "Bridge Rummy: One-or-Three limits jokers in runs; a single lay-off onto a joker "
        "is limited only by house rule."
    ),
    "R-7": msg("Bridge Rummy: One-or-Three counts only the other players' hands."),
    "R-8": msg("Bridge Rummy: a meld needs at least one natural card."),
    "R-9": msg("Bridge Rummy: a player who went down holds at most 100 points."),
    "R-10": msg(
        "Bridge Rummy: the sample score card's last deal cannot be reproduced; the engine "
        "keeps its own result."
    ),
    "R-11": msg("Bridge Rummy: a tie after seven deals is a shared win unless stars break it."),
    # Rummy and its variants
    "4.1": msg(
        "Rummy: one pack, up to six players; 10 cards each at two, 7 at three or four, 6 at "
        "five or six; the stock's top card turned up starts the discard pile; losers pay the "
        "winner their cards, double after a rummy."
    ),
    "P-1": msg("Rummy: a rummy is going out with nothing declared or laid off before."),
    "P-2": msg("Rummy: going out needs no final discard unless the house rule asks for one."),
    "P-3": msg("Rummy: with no target, each hand is settled as it is played."),
    "4.2": msg(
        "Boathouse Rummy: dealt as Rummy; draw one or two, discard one; aces high, low or "
        "round the corner; the hand ends only on a whole-hand declaration; losers pay unmatched "
        "cards, aces 11."
    ),
    "BH-1": msg("Boathouse Rummy: payments are not doubled, since every win is all at once."),
    "BH-2": msg("Boathouse Rummy: the winner may keep a final discard or meld everything."),
    "BH-3": msg("Boathouse Rummy: sets stay three or four cards."),
    "4.3": msg(
        "Continental Rummy: two packs and two jokers for two to five, three and three for "
        "six to eight, four and four for nine to twelve; 15 cards each; out only with sequences "
        "in the shapes 3+3+3+3+3, 4+4+4+3 or 5+4+3+3."
    ),
    "C-1": msg(
        "Continental Rummy: only the three listed shapes go out unless the house rule allows any."
    ),
    "C-2": msg("Continental Rummy: each sequence needs a natural card."),
    "C-3": msg("Continental Rummy: the winner's jokers are those in the going-out melds."),
    "C-4": msg("Continental Rummy: the winner melds 15 and discards the sixteenth."),
    "C-5": msg("Continental Rummy: extra bonuses from other books are house rules only."),
    "4.4": msg(
        "Gambler's Rummy: four players, seven cards each; never the whole hand in one turn; "
        "the stock is used once, then the top discard must be taken until someone refuses."
    ),
    "G-1": msg(
        "Gambler's Rummy: a hand ended by a refusal is dead, with no payments, unless the "
        "house rule lets the lowest count collect."
    ),
    "G-2": msg("Gambler's Rummy: tied lowest counts share; the count is the best melding's."),
    "4.5": msg(
        "Knock Rummy: dealt as Rummy, nothing melded on the table; after a knock each "
        "counts unmatched cards and the lowest collects the differences."
    ),
    "K-1": msg(
        "Knock Rummy: a knocker tied for lowest pays no penalty unless the house rule says."
    ),
    "K-2": msg("Knock Rummy: several tied non-knockers share the payments."),
    "K-3": msg("Knock Rummy: the 25 bonus goes only to a winning knocker with nothing unmatched."),
    "K-4": msg("Knock Rummy: under each-full, every tied winner collects in full."),
    # Crummy Rummy
    "5a": msg(
        "Crummy Rummy: three to six players, two packs and four jokers, ten cards each a "
        "round with one turned up; five rounds of set contracts; lowest total wins."
    ),
    "CR-1": msg(
        "Crummy Rummy: five rounds of ten cards; the seven-round original is a house rule."
    ),
    "CR-2": msg("Crummy Rummy: the last round's lay-down must use the whole hand."),
    "CR-3": msg("Crummy Rummy: the jokers of the first lay-down all go in one group."),
    "CR-4": msg(
        "Crummy Rummy: contract groups are minimum sizes unless the house rule says exact."
    ),
    "CR-5": msg("Crummy Rummy: runs may share a suit and sets a rank if they are separate groups."),
    "CR-6": msg("Crummy Rummy: no runs round the corner unless the house rule allows them."),
    "CR-7": msg("Crummy Rummy: out-of-turn taking goes in turn order after the active player."),
    "CR-8": msg("Crummy Rummy: every group needs a natural card."),
    # Brus
    "6a": msg(
        "Brus: 36 cards (no 2s to 5s), dealt out whole, 9 each at four or 6 at six; a "
        "played card must beat the highest so far; 6 tricks win a point, the first six two."
    ),
    "BR-1": msg("Brus: the 8H, not the 8S, is among the unplayable cards."),
    "BR-2": msg("Brus: the whole pack is dealt, so there is no stock."),
    "BR-3": msg("Brus: beating is optional unless the house rule makes it compulsory."),
    "BR-4": msg("Brus: 7s are laid by the player on lead, each a trick."),
    "BR-5": msg("Brus: 7-tricks count in order when deciding Jan."),
    "BR-6": msg("Brus: with both sides on five, the KC decides."),
    "BR-7": msg("Brus: six-handed Jan and KC work the same way."),
    "BR-8": msg(
        "Brus: 7s may be laid with or without a playable card; the hand ends when nobody can play."
    ),
    # Voormsi
    "7a": msg(
        "Voormsi: 36 cards, four each with a stock drawn from after each trick; its own "
        "ranking and captures; a side needs exactly 9 on the ladder, bouncing back from over."
    ),
    "V-1": msg(
        "Voormsi: a side scores for tricks only with more than five of the nine; five score "
        "nothing."
    ),
    "V-2": msg("Voormsi: the KS takes a led 7 only when played straight after it."),
    "V-3": msg("Voormsi: after a led 3D, the next card counts as the lead."),
    "V-4": msg("Voormsi: holding the KH, you must play it onto an opponent's winning JC."),
    "V-5": msg("Voormsi: to take a trick of several cards, each of yours beats a different card."),
    "V-6": msg("Voormsi: the 3D is not a King."),
    "V-7": msg("Voormsi: a trick of several cards counts as that many tricks."),
    "V-8": msg("Voormsi: when one side takes all nine, nobody scores that hand."),
    "V-9": msg("Voormsi: the ladder never goes below 0."),
    "V-10": msg("Voormsi: a side may call a stop only just after losing a trick."),
    "V-11": msg("Voormsi at three: trick points are counted player by player."),
    "V-12": msg("Voormsi: the twelve-card game deals the whole pack, no stock."),
    "V-13": msg("Voormsi: a KC after a 7 followed by a KS wins under the published rule."),
    "V-14": msg("Voormsi: a KH beating a JC in the same trick is still a capture."),
    "V-15": msg("Voormsi: under after-any-seven, a KS straight after any 7 takes the trick."),
    "V-16": msg("Voormsi: in tricks of several cards a capture follows the group holding the KH."),
    "V-17": msg("Voormsi: a leader chooses how many cards of a rank to lead."),
    "V-18": msg("Voormsi: when all nine are taken, the house rule keeps the captures."),
    "V-19": msg("Voormsi: a called stop counts what is earned so far and must hit the target."),
    "V-20": msg("Voormsi for two: no partner capture; the whole pack is 18 each."),
    # Alkort
    "8a": msg(
        "Alkort: 44 cards (no 10s or 5s), nine each in threes, eight left as a hidden stock; "
        "a led 7 wins; five tricks win a point, a run of five or more from the start scores its "
        "length."
    ),
    "A-1": msg("Alkort: a led KC, KH or KS falls to a 2; the KD is the top card."),
    "A-2": msg("Alkort: a 2 and a 3 on a led Queen: the first played wins."),
    "A-3": msg("Alkort: a hand of rubbish, 7s and low 8s may be exchanged for the stock."),
    "A-4": msg("Alkort: when two may exchange, the first from the dealer's left does."),
    "A-5": msg("Alkort: a streak from the start scores its length, 5 to 9."),
    "A-6": msg("Alkort: the player on the dealer's left leads."),
    "A-7": msg("Alkort for two: 26 cards stay in the stock; an exchange takes 8 of them."),
    "A-8": msg("Alkort: 7s are never rubbish."),
    # Treikort
    "9a": msg(
        "Treikort: three players, the 27-card pack dealt out in threes; the dealer's left "
        "leads; a 7 wins only when led; 13 tricks over three games make a Pope."
    ),
    "T-1": msg("Treikort: the misprinted eight is the 8D."),
    "T-2": msg("Treikort: between equal highest cards, the giver chooses."),
    "T-3": msg("Treikort: tricks are recorded; the most tricks wins the game."),
    "T-4": msg("Treikort: the Pope's three games are the last three."),
    "T-5": msg("Treikort: of two players at 13, the one with more is Pope; a tie keeps the Pope."),
}
"""A line for every ruling id a game cites, in our own words (a message: ``str()`` of it is the
English)."""

# A ruling id as the games cite it: a section ("7a", "4.1") or a ruling ("V-1", "BR-8").
# Not part of a longer word or range: "A-2" in "A-2-3" is cards, not Alkort's ruling.
RULE_ID = re.compile(r"(?<![\w.-])(?:[1-9][a-c]|4\.[1-5]|[A-Z]{1,2}-[0-9]{1,2})(?![\w-])")
# An id cited in an explanation: in brackets, alone or with others ("(A-3, A-7)").
_CITED = re.compile(r"\(((?:[1-9][a-c]|4\.[1-5]|[A-Z]{1,2}-[0-9]{1,2})(?:,\s*[^()]+)?)\)")


def rule_note(rule_id: str) -> Message | None:
    """What the ruling ``rule_id`` says, or ``None`` for an id we do not know: a message, to
    render in the reader's language (the ids it cites stay as they are in every language)."""
    return NOTES.get(rule_id)


def cited(text: str) -> tuple[str, ...]:
    """The ruling ids a sentence cites in brackets, in order: of its text as rendered (a
    message's English, or its rendering in any language, which cites the same ids)."""
    found: list[str] = []
    for group in _CITED.findall(text):
        found += [m for m in RULE_ID.findall(group) if m not in found]
    return tuple(found)


__all__ = ["NOTES", "RULE_ID", "cited", "rule_note"]
