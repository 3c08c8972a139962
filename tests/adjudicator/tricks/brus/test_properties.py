"""Brus properties, over random tricks and whole hands played by the rules (hypothesis).

* every legal trick has exactly one winner, a seat that played the highest card to it;
* a card that cannot win the trick (a 7, which is a trick of its own) never changes who wins it;
* a hand played by the rules is never refused, and scores the same from its tricks as from its
  quick summary; its record round-trips through JSON, and the ``tricks`` question judges it
  trick by trick with no problem, ending where the hand ends.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.cards import Card
from adjudicator.tricks.brus.game import Brus
from adjudicator.tricks.brus.hand import Hand
from adjudicator.tricks.brus.rules import (
    PACK,
    Options,
    Table,
    beats,
    is_playable,
    is_seven,
    judge_trick,
)
from adjudicator.tricks.brus.sample import sample_hand
from adjudicator.tricks.brus.score import score_hand, summarize
from adjudicator.tricks.plays import Play, Trick

GAME = Brus()
options = st.builds(Options, must_beat=st.booleans())
seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.sampled_from([4, 6])


def random_trick(rng: random.Random, table: Table, must_beat: bool) -> Trick:
    """One legal trick from a fresh deal: the seats on lead lay 7s or not, lead a card or pass
    the lead on; each other seat beats the highest card or passes."""
    deck = list(PACK)
    rng.shuffle(deck)
    size = table.hand_size
    hands = [deck[s * size : (s + 1) * size] for s in range(table.players)]
    who = rng.randrange(table.players)
    plays: list[Play] = []
    highest: Card | None = None
    while len(plays) < table.players:
        hand = hands[who]
        if highest is None:
            laid = [c for c in hand if is_seven(c) and rng.random() < 0.6]
            playable = [c for c in hand if is_playable(c)]
            lead = [rng.choice(playable)] if playable else []
            highest = lead[0] if lead else None
            plays.append(Play(who, (*laid, *lead)))
        else:
            beaters = [c for c in hand if is_playable(c) and beats(c, highest)]
            if beaters and (must_beat or rng.random() < 0.6):
                highest = rng.choice(beaters)
                plays.append(Play(who, (highest,)))
            else:
                plays.append(Play(who, ()))
        who = table.next_seat(who)
    return Trick(tuple(plays))


@settings(max_examples=150, deadline=None)
@given(seeds, players, st.booleans())
def test_every_legal_trick_has_exactly_one_winner_who_played_the_highest_card(
    seed: int, count: int, must_beat: bool
) -> None:
    table = Table(count)
    trick = random_trick(random.Random(seed), table, must_beat)
    if not any(is_playable(c) for c in trick.cards):
        return  # nobody could lead: not a trick of a real hand (someone holds a playable card)
    result = judge_trick(trick, table)
    played = [p for p in trick.plays if any(is_playable(c) for c in p.cards)]
    winners = [p.seat for p in played if p.seat == result.winner]
    assert winners == [result.winner]
    assert trick.plays[result.play].seat == result.winner
    card = next(c for c in trick.plays[result.play].cards if is_playable(c))
    others = [c for c in trick.cards if is_playable(c) and c != card]
    assert all(beats(card, other) for other in others)
    assert result.play == max(i for i, p in enumerate(trick.plays) if p in played)


@settings(max_examples=150, deadline=None)
@given(seeds, players)
def test_a_7_never_changes_who_wins_the_trick(seed: int, count: int) -> None:
    table = Table(count)
    trick = random_trick(random.Random(seed), table, False)
    if not any(is_playable(c) for c in trick.cards):
        return
    without = Trick(
        tuple(Play(p.seat, tuple(c for c in p.cards if not is_seven(c))) for p in trick.plays)
    )
    first, second = judge_trick(trick, table), judge_trick(without, table)
    assert (first.winner, first.play) == (second.winner, second.play)


@settings(max_examples=80, deadline=None)
@given(seeds, players, options, st.booleans())
def test_a_hand_scores_the_same_from_its_tricks_and_from_its_summary(
    seed: int, count: int, rules: Options, dealer: bool
) -> None:
    data = sample_hand(count, rules, seed=seed, dealer=seed % count if dealer else None, held=0.3)
    hand = GAME.parse_deal(data, players=count, options=rules)  # never refused: played by the rules
    assert isinstance(hand, Hand)
    again = GAME.deal_as_data(hand, players=count, options=rules)
    assert again == data
    assert GAME.parse_deal(json.loads(json.dumps(again)), players=count, options=rules) == hand
    table = Table(count)
    by_tricks = score_hand(hand, table, rules)
    summary = summarize(hand, table, rules)
    quick = GAME.deal_as_data(summary, players=count, options=rules)
    assert GAME.parse_deal(quick, players=count, options=rules) == summary
    by_summary = score_hand(summary, table, rules)
    assert (by_tricks.points, by_tricks.outcome, by_tricks.winner) == (
        by_summary.points,
        by_summary.outcome,
        by_summary.winner,
    )
    assert sum(by_tricks.points) in (0, 1, 2)


@settings(max_examples=40, deadline=None)
@given(seeds, players, options)
def test_the_tricks_question_judges_a_hand_played_by_the_rules_to_its_end(
    seed: int, count: int, rules: Options
) -> None:
    data = sample_hand(count, rules, seed=seed)
    answer = GAME.ask(
        "tricks",
        {"players": count, "tricks": data["tricks"], "options": {"must_beat": rules.must_beat}},
    )
    assert all(v["problem"] is None and v["complete"] for v in answer["tricks"])
    assert answer["over"] is True
    hand = GAME.parse_deal(data, players=count, options=rules)
    assert answer["won"] == summarize(hand, Table(count), rules).won
