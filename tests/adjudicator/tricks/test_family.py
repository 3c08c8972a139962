"""The ``tricks`` question of every trick game judges a hand so far card by card: a play the
rules forbid is refused at the card that breaks the rule, and the answer says which card that
is (``breach``), so the trick pad can take back that card alone (issue 26, item 3).

Plays are written as the page writes them: ``"2:9H+AS"`` is seat 2 (counted from 1) playing
the 9H and the AS, ``"3:"`` a pass.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from adjudicator.answers import answer_json
from adjudicator.errors import AdjudicationError, BadEntryError
from adjudicator.games import get_game
from adjudicator.records import TrickRecord
from adjudicator.tricks.family import first_breach


def trick(*plays: str) -> dict[str, Any]:
    out = []
    for play in plays:
        seat, _, cards = play.partition(":")
        out.append({"seat": int(seat) - 1, "cards": cards.replace("+", " ")})
    return {"plays": out}


def so_far(slug: str, players: int, *tricks: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return get_game(slug).ask("tricks", {"players": players, "tricks": list(tricks), **extra})


def last(answer: dict[str, Any]) -> dict[str, Any]:
    verdict: dict[str, Any] = answer["tricks"][-1]
    return verdict


# slug, players, tricks so far, the refusal's code, the breach (trick, play, card, seat, card)
BREACHES = [
    pytest.param(
        "voormsi",
        4,
        [trick("2:9H+AS")],
        "illegal_play",
        (0, 0, 1, 1, "AS"),
        id="V-7a-a-lead-of-two-ranks-at-its-second-card",
    ),
    pytest.param(
        "voormsi",
        4,
        [trick("1:9C", "2:")],
        "illegal_play",
        (0, 1, 0, 1, ""),
        id="V-no-passing-in-voormsi",
    ),
    pytest.param(
        "voormsi",
        4,
        [trick("1:9C", "2:AS", "3:5D", "4:6D"), trick("1:AS")],
        "already_played",
        (1, 0, 0, 0, "AS"),
        id="V-a-card-already-played",
    ),
    pytest.param(
        "voormsi",
        4,
        [trick("1:9C", "3:AS")],
        "out_of_turn",
        (0, 1, 0, 2, "AS"),
        id="V-a-play-out-of-turn",
    ),
    pytest.param(
        "voormsi",
        4,
        [trick("2:9C+9S", "3:AS+AH", "4:KH", "1:6D")],
        "illegal_play",
        (0, 3, 0, 0, "6D"),
        id="V-7a-a-short-follow-closed-by-the-next-player",
    ),
    pytest.param(
        "brus",
        4,
        [trick("1:KC")],
        "illegal_play",
        (0, 0, 0, 0, "KC"),
        id="BR-6a-an-unplayable-card",
    ),
    pytest.param(
        "brus",
        4,
        [trick("1:7C+7S+QH")],
        "illegal_play",
        (0, 0, 2, 0, "QH"),
        id="BR-6a-an-unplayable-card-after-the-7s",
    ),
    pytest.param(
        "brus",
        4,
        [trick("1:9C", "2:6D")],
        "illegal_play",
        (0, 1, 0, 1, "6D"),
        id="BR-6a-a-card-that-does-not-beat",
    ),
    pytest.param(
        "alkort",
        4,
        [trick("2:7H")],
        "seven_led_too_soon",
        (0, 0, 0, 1, "7H"),
        id="A-8a-a-7-led-before-winning-a-trick",
    ),
    pytest.param(
        "treikort",
        3,
        [trick("1:7S")],
        "illegal_play",
        (0, 0, 0, 0, "7S"),
        id="T-9a-a-7-led-before-winning-a-trick",
    ),
    pytest.param(
        "treikort",
        3,
        [trick("1:AS", "2:AS")],
        "already_played",
        (0, 1, 0, 1, "AS"),
        id="T-a-card-played-twice",
    ),
]


@pytest.mark.parametrize(("slug", "players", "tricks", "code", "breach"), BREACHES)
def test_a_hand_so_far_is_refused_at_the_card_that_breaks_a_rule(
    slug: str,
    players: int,
    tricks: list[dict[str, Any]],
    code: str,
    breach: tuple[int, int, int, int, str],
) -> None:
    verdict = last(so_far(slug, players, *tricks))
    assert verdict["problem"].code == code
    found = verdict["breach"]
    assert (found["trick"], found["play"], found["card"], found["seat"], found["cards"]) == breach


# The other side of each boundary: the same cards, one short of the breach, are not refused.
LEGAL = [
    pytest.param("voormsi", 4, [trick("2:9H")], id="V-one-card-led"),
    pytest.param("voormsi", 4, [trick("2:9C+9S")], id="V-7a-two-cards-of-one-rank-led"),
    pytest.param(
        "voormsi", 4, [trick("2:9C+9S", "3:AS+AH", "4:KH")], id="V-a-follower-still-laying"
    ),
    pytest.param("brus", 4, [trick("1:7C+7S")], id="BR-4-7s-laid-before-the-lead"),
    pytest.param("brus", 4, [trick("1:9C", "2:8S")], id="BR-6a-a-card-that-beats"),
    pytest.param(
        "treikort", 3, [trick("1:AS", "2:7H", "3:6D"), trick("1:6S")], id="T-any-card-led"
    ),
]


@pytest.mark.parametrize(("slug", "players", "tricks"), LEGAL)
def test_a_hand_so_far_one_card_short_of_a_breach_stands(
    slug: str, players: int, tricks: list[dict[str, Any]]
) -> None:
    verdict = last(so_far(slug, players, *tricks))
    assert verdict["problem"] is None
    assert "breach" not in verdict


def test_a_revoke_proved_by_a_later_card_is_refused_at_that_card() -> None:
    """V-4 (seed): holding the KH, a player must play it onto an opponent's winning JC. With the
    whole pack dealt (V-12) nobody draws, so the KH played in trick 2 proves seat 2 held it in
    trick 1: the card that breaks the rule is that KH, though the fault is trick 1's 6D."""
    first = trick("1:JC", "2:6D", "3:5C", "4:5D")
    answer = so_far("voormsi", 4, first, trick("1:9C", "2:KH"), options={"whole_pack": True})
    verdict = last(answer)
    assert verdict["problem"].code == "compulsory_play"
    assert verdict["problem"].field == "tricks[0].plays[1].cards"
    assert verdict["breach"] == {"trick": 1, "play": 1, "card": 0, "seat": 1, "cards": "KH"}
    # One card before, the hand stands: nothing yet proves the KH was held in trick 1.
    assert (
        last(so_far("voormsi", 4, first, trick("1:9C"), options={"whole_pack": True}))["problem"]
        is None
    )


def test_a_refused_note_of_cards_held_names_no_card() -> None:
    answer = so_far(
        "voormsi",
        4,
        {**trick("1:9C", "2:5D"), "held": [{"seat": 1, "cards": "9C"}]},
    )
    verdict = last(answer)
    assert verdict["problem"].code == "impossible_hand"
    assert "breach" not in verdict


@pytest.mark.parametrize(
    ("slug", "players"), [("voormsi", 4), ("brus", 4), ("alkort", 4), ("treikort", 3)]
)
def test_a_trick_of_no_plays_is_refused_and_names_no_card(slug: str, players: int) -> None:
    verdict = last(so_far(slug, players, {"plays": []}))
    assert verdict["problem"].code == "bad_entry"
    assert "breach" not in verdict


def test_the_breach_travels_with_the_refusal_as_json() -> None:
    answer = so_far("voormsi", 4, trick("2:9H+AS"))
    data = json.loads(json.dumps(answer_json(answer)))
    verdict = data["tricks"][0]
    assert verdict["problem"]["code"] == "illegal_play"
    assert verdict["breach"] == {"trick": 0, "play": 0, "card": 1, "seat": 1, "cards": "AS"}


def test_the_search_asks_few_times_and_finds_the_first_refused_card() -> None:
    """Eight cards entered, the sixth breaks the rule: a halving search, not one ask a card."""
    asked: list[int] = []
    cards = TrickRecord(
        tuple((seat, (f"c{seat}a", f"c{seat}b")) for seat in range(4))  # type: ignore[misc]
    )

    def judge(tricks: tuple[TrickRecord, ...]) -> None:
        entered = sum(max(1, len(c)) for _, c in tricks[-1].plays)
        asked.append(entered)
        if entered >= 6:
            raise BadEntryError("the sixth card breaks it")

    found = first_breach([cards], 0, BadEntryError("x"), judge)
    assert found is not None
    assert (found["play"], found["card"], found["seat"]) == (2, 1, 2)
    assert len(asked) <= 3


def test_a_refusal_error_keeps_its_own_field() -> None:
    """The breach is beside the refusal, not in it: the problem still names its field."""
    verdict = last(so_far("voormsi", 4, trick("2:9H+AS")))
    problem: AdjudicationError = verdict["problem"]
    assert (problem.field, problem.seats, problem.cards) == (
        "tricks[0].plays[0].cards",
        (1,),
        ("9H", "AS"),
    )


def _mangled(slug: str, players: int, seed: int) -> list[dict[str, Any]]:
    """A sample hand cut off somewhere in a trick, one play in it perhaps changed: a card
    swapped for another of the pack, one added or dropped, or another seat playing."""
    rng = random.Random(f"{slug}:{players}:{seed}")
    game = get_game(slug)
    pack = [str(card) for card in game.pack(game.options(), players).copies]
    deal = game.sample_deal(players=players, options=game.options(), number=2 * seed + 1)
    tricks = [dict(t) for t in deal["tricks"][: rng.randrange(1, len(deal["tricks"]) + 1)]]
    plays = [dict(p) for p in tricks[-1]["plays"]]
    plays = plays[: rng.randrange(1, len(plays) + 1)]
    play = plays[rng.randrange(len(plays))]
    cards = play["cards"].split()
    change = rng.choice(["swap", "add", "drop", "seat", "none"])
    if change == "swap" and cards:
        cards[rng.randrange(len(cards))] = rng.choice(pack)
    elif change == "add":
        cards.append(rng.choice(pack))
    elif change == "drop" and cards:
        cards.pop()
    elif change == "seat":
        play["seat"] = rng.randrange(players)
    play["cards"] = " ".join(cards)
    tricks[-1] = {"plays": plays}
    return tricks


@pytest.mark.parametrize(
    ("slug", "players"),
    [
        ("voormsi", 4),
        ("voormsi", 3),
        ("voormsi", 2),
        ("brus", 4),
        ("brus", 6),
        ("alkort", 4),
        ("alkort", 2),
        ("treikort", 3),
    ],
)
def test_the_cards_before_a_breach_stand_and_the_breach_is_refused(slug: str, players: int) -> None:
    """For hands so far cut and changed at random (the same every run): the cards entered
    before the breach are not refused, and with the breach card they are."""
    found = 0
    for seed in range(40):
        tricks = _mangled(slug, players, seed)
        try:
            verdict = last(so_far(slug, players, *tricks))
        except AdjudicationError:
            continue  # refused before any trick is judged (a card of no pack, a seat twice…)
        breach = verdict.get("breach")
        if breach is None:
            continue
        found += 1
        number, play, card = breach["trick"], breach["play"], breach["card"]
        plays = [dict(p) for p in tricks[number]["plays"][: play + 1]]
        cards = plays[-1]["cards"].split()
        through = [
            *tricks[:number],
            {"plays": [*plays[:-1], {**plays[-1], "cards": " ".join(cards[: card + 1])}]},
        ]
        assert last(so_far(slug, players, *through))["problem"] is not None
        before = (
            [*plays[:-1], {**plays[-1], "cards": " ".join(cards[:card])}] if card else plays[:-1]
        )
        if before:
            verdict = last(so_far(slug, players, *tricks[:number], {"plays": before}))
            assert verdict["problem"] is None, (tricks, breach, verdict["problem"])
    assert found >= 5
