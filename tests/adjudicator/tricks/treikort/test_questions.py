"""Treikort's dispute desk: ``trick``, ``hand``, ``tricks`` (the page's trick entry) and
``pope``, their answers and their refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator.errors import AdjudicationError
from adjudicator.messages import Message
from adjudicator.said import Naming
from adjudicator.tricks.treikort import Treikort
from tests.adjudicator.tricks.treikort.hands import HAND, record, whole_hand

GAME = Treikort()
NAMES = Naming(("Ann", "Ben", "Cy"))


def ask(question: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = GAME.ask(question, body)
    json.dumps(answer, default=lambda err: err.as_dict())
    return answer


def named(text: Any) -> str:
    return text.named(NAMES) if isinstance(text, Message) else str(text)


def plays(*cards: str, leader: int = 0) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % 3, "cards": c} for i, c in enumerate(cards)]


# --- trick ----------------------------------------------------------------------------------------


def test_trick_says_who_wins_and_why_play_by_play() -> None:
    answer = ask("trick", {"players": 3, "plays": plays("9D", "KD", "7S", leader=2)})
    assert (answer["legal"], answer["complete"], answer["winner"], answer["play"]) == (
        True,
        True,
        0,
        1,
    )
    assert (answer["reason"], answer["rule"], answer["beaten"]) == (
        "the KD beats the 9D (9a)",
        "9a",
        0,
    )
    assert [named(line) for line in answer["explanation"]] == [
        "Cy led the 9D",
        "Ann played the KD: it beats the 9D (9a)",
        "Ben played the 7S: a 7 not led never wins (9a)",
        "Ann wins the trick: the KD beats the 9D (9a)",
    ]
    assert answer["condition"] is None


def test_trick_so_far_says_who_is_winning() -> None:
    answer = ask("trick", {"plays": plays("AS", "AH")})
    assert (answer["complete"], answer["winner"]) == (False, 0)
    assert named(answer["explanation"][-1]) == (
        "Ann is winning the trick so far: the AS led and nothing beat it: the AH only tied it, "
        "and the first played wins (9a)"
    )


@pytest.mark.parametrize(
    ("number", "legal", "condition"),
    [
        pytest.param(
            None,
            True,
            "Ann may lead a 7 only after winning a trick this hand, so never to the first trick "
            "(9a).",
            id="9a-a-led-7-judged-with-its-condition",
        ),
        pytest.param(1, False, None, id="9a-no-7-led-to-the-first-trick"),
        pytest.param(2, True, None, id="9a-a-later-leader-has-won-the-trick-before"),
    ],
)
def test_trick_led_by_a_7(number: int | None, legal: bool, condition: str | None) -> None:
    body: dict[str, Any] = {"plays": plays("7C", "QC", "2S")}
    if number is not None:
        body["number"] = number
    answer = ask("trick", body)
    assert answer["legal"] is legal
    if legal:
        assert answer["winner"] == 0
        assert answer["reason"] == "a led 7 wins the trick, whatever else is played (9a)"
        assert (named(answer["condition"]) if answer["condition"] else None) == condition
    else:
        assert answer["problem"]["code"] == "illegal_play"
        assert answer["problem"]["field"] == "plays[0].cards"
        assert answer["problem"]["seats"] == [0]


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        pytest.param({"plays": plays("AS", "AS")}, "already_played", "plays[1].cards", id="twice"),
        pytest.param(
            {"plays": [{"seat": 0, "cards": "AS"}, {"seat": 2, "cards": "6C"}]},
            "out_of_turn",
            "plays[1].seat",
            id="out-of-turn",
        ),
        pytest.param(
            {"plays": plays("AS", "6C 6D")}, "illegal_play", "plays[1].cards", id="two-cards"
        ),
        pytest.param(
            {"plays": plays("AS", "6C", "6D", "6H")}, "illegal_play", "plays[3]", id="four-plays"
        ),
    ],
)
def test_trick_answers_an_illegal_play_with_the_refusal(
    body: dict[str, Any], code: str, field: str
) -> None:
    answer = ask("trick", body)
    assert answer["legal"] is False
    assert (answer["problem"]["code"], answer["problem"]["field"]) == (code, field)
    assert answer["explanation"] == [answer["problem"]["message"]]


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        pytest.param(
            {"plays": plays("AS", "KS")}, "not_in_pack", "plays[1].cards", id="not-in-pack"
        ),
        pytest.param({"plays": plays("AS", "ZZ")}, "bad_card", "plays[1].cards", id="bad-card"),
        pytest.param({"plays": []}, "bad_entry", "plays", id="no-plays"),
        pytest.param({"plays": plays("AS"), "number": 10}, "bad_entry", "number", id="number-10"),
        pytest.param(
            {"plays": plays("AS"), "number": True}, "bad_entry", "number", id="number-bool"
        ),
        pytest.param(
            {"plays": plays("AS"), "players": 4}, "bad_entry", "players", id="four-players"
        ),
        pytest.param(
            {"plays": plays("AS"), "players": True}, "bad_entry", "players", id="players-bool"
        ),
    ],
)
def test_trick_refuses_what_is_not_a_trick(body: dict[str, Any], code: str, field: str) -> None:
    with pytest.raises(AdjudicationError) as caught:
        GAME.ask("trick", body)
    assert (caught.value.code, caught.value.field) == (code, field)


# --- hand -----------------------------------------------------------------------------------------


def test_hand_by_tricks_says_who_won_each_trick_and_how_many_each() -> None:
    answer = ask("hand", {"players": 3, **whole_hand()})
    assert answer["won"] == [5, 4, 0]
    assert answer["winners"] == [0]
    assert answer["trick_winners"] == [0, 0, 0, 0, 0, 1, 1, 1, 1]
    assert answer["hand"] == whole_hand()
    assert named(answer["summary"]) == "Ann won the hand, 5 tricks to 4 and 0."
    lines = [named(line) for line in answer["explanation"]]
    assert lines[4] == "trick 5: Ann wins: a led 7 wins the trick, whatever else is played (9a)"
    assert lines[6] == (
        "trick 7: Ben wins: the AS led and nothing beat it: the AD only tied it, and the first "
        "played wins (9a)"
    )
    assert lines[-3:] == ["Ann: 5 tricks", "Ben: 4 tricks", "Cy: 0 tricks"]


def test_hand_quickly() -> None:
    answer = ask("hand", {"won": [4, 4, 1]})
    assert (answer["won"], answer["winners"], answer["trick_winners"]) == ([4, 4, 1], [0, 1], [])
    assert named(answer["summary"]) == "Ann and Ben won 4 tricks each; Cy took 1."


def test_hand_refuses_a_hand_not_over() -> None:
    with pytest.raises(AdjudicationError) as caught:
        GAME.ask("hand", record(HAND[:3]))
    assert (caught.value.code, caught.value.field) == ("incomplete_hand", "tricks")


# --- tricks (the page's trick entry) ---------------------------------------------------------------


def test_tricks_judges_each_trick_as_entered() -> None:
    tricks = [*record(HAND[:3])["tricks"], {"plays": [{"seat": 0, "cards": "2H"}]}]
    body = {"players": 3, "dealer": 2, "tricks": tricks}
    answer = ask("tricks", body)
    verdicts = answer["tricks"]
    assert [v["number"] for v in verdicts] == [1, 2, 3, 4]
    assert [v["complete"] for v in verdicts] == [True, True, True, False]
    assert [v.get("winner") for v in verdicts] == [0, 0, 0, None]
    assert verdicts[0]["side"] == 0
    assert verdicts[0]["reason"] == "the QC led and nothing beat it (9a)"
    assert verdicts[2]["won"] == (3, 0, 0)
    assert all(v["problem"] is None for v in verdicts)
    assert answer["won"] == (3, 0, 0)


@pytest.mark.parametrize(
    ("tricks", "dealer", "number", "code", "field", "seats", "message"),
    [
        pytest.param(
            [plays("7H")],
            None,
            1,
            "illegal_play",
            "tricks[0].plays[0].cards",
            (0,),
            "Ann may not lead the 7H: a 7 may be led only by a player who has already won a trick "
            "this hand (9a).",
            id="9a-a-7-led-refused-on-the-spot",
        ),
        pytest.param(
            [plays("QC", "8C", "8H"), plays("QC")],
            None,
            2,
            "already_played",
            "tricks[1].plays[0].cards",
            (0,),
            "The QC was already played in trick 1, by Ann: each card is played once a hand.",
            id="a-card-already-played-refused-on-the-spot",
        ),
        pytest.param(
            [plays("AS", leader=1)],
            2,
            1,
            "out_of_turn",
            "tricks[0].plays[0].seat",
            (1, 0),
            "Ben led the first trick out of turn: the dealer was Cy, so Ann, at their left, leads.",
            id="9a-the-dealers-left-leads",
        ),
        pytest.param(
            [plays("QC", "8C", "8H"), plays("AS", leader=1)],
            None,
            2,
            "out_of_turn",
            "tricks[1].plays[0].seat",
            (1, 0),
            "Ben led trick 2 out of turn: the winner of trick 1, Ann, leads the next.",
            id="9a-the-winner-leads",
        ),
        pytest.param(
            [plays("QC", "8C"), plays("AS")],
            None,
            1,
            "illegal_play",
            "tricks[0].plays",
            (2,),
            "Trick 1 has only 2 of its 3 plays, with Cy still to play.",
            id="a-trick-left-unfinished",
        ),
        pytest.param(
            [plays("QC", "8C", "8H"), plays("AS", "6C 6D")],
            None,
            2,
            "illegal_play",
            "tricks[1].plays[1].cards",
            (1,),
            "Ben played 2 cards: each player plays one card to a trick.",
            id="one-card-a-play-said-at-its-trick",
        ),
        pytest.param(
            [plays("QC", "KS")],
            None,
            1,
            "not_in_pack",
            "tricks[0].plays[1].cards",
            (1,),
            "KS is not in the 27-card Treikort pack.",
            id="9a-not-in-the-pack",
        ),
    ],
)
def test_tricks_refuses_an_illegal_play_on_the_spot(
    tricks: list[list[dict[str, Any]]],
    dealer: int | None,
    number: int,
    code: str,
    field: str,
    seats: tuple[int, ...],
    message: str,
) -> None:
    body: dict[str, Any] = {"players": 3, "tricks": [{"plays": p} for p in tricks]}
    if dealer is not None:
        body["dealer"] = dealer
    verdicts = ask("tricks", body)["tricks"]
    assert len(verdicts) == number  # the tricks after the problem are not judged
    problem = verdicts[-1]["problem"]
    assert isinstance(problem, AdjudicationError)
    assert (problem.code, problem.field, problem.seats) == (code, field, seats)
    assert problem.named(NAMES) == message


# --- pope -----------------------------------------------------------------------------------------


def test_pope_says_who_is_pope_and_why_hand_by_hand() -> None:
    answer = ask("pope", {"players": 3, "games": [[5, 4, 0], [6, 2, 1], [3, 3, 3], [4, 4, 1]]})
    assert (answer["pope"], answer["since"], answer["hands"]) == (0, 3, 4)
    assert answer["window_tricks"] == [13, 9, 5]
    assert answer["windows"] == [[2, 3, 4]] * 3
    assert answer["played_as_pope"] == [None, None, None, 0]
    assert named(answer["reason"]) == "Ann stays Pope: 13 tricks over hands 2 to 4 (9a, T-4)."
    assert [named(line) for line in answer["explanation"]] == [
        "After hand 1: Nobody is Pope: the most over hand 1 is 5, by Ann; it takes 13 (9a).",
        "After hand 2: Nobody is Pope: the most over hands 1 and 2 is 11, by Ann; it takes 13 (9a).",
        "After hand 3: Ann is Pope: 14 tricks over hands 1 to 3, 13 or more (9a, T-4).",
        "After hand 4: Ann stays Pope: 13 tricks over hands 2 to 4 (9a, T-4).",
    ]
    assert named(answer["reminder"]).startswith(
        "Ann is Pope: before the cards are played, Ann takes"
    )
    assert [s["change"] for s in answer["steps"]] == ["none", "none", "new", "kept"]


def test_pope_with_no_hands_and_with_the_pope_off() -> None:
    assert named(ask("pope", {"games": []})["reason"]) == "No hands yet: nobody is Pope."
    off = ask("pope", {"games": [[9, 0, 0], [9, 0, 0]], "options": {"pope": False}})
    assert (off["pope"], off["reminder"]) == (None, None)
    assert off["explanation"] == ["This table plays without the Pope (the house rule Pope is off)."]


def test_pope_reads_the_house_rule_pope_holds() -> None:
    games = [[6, 3, 0], [5, 4, 0], [3, 6, 0], [5, 4, 0]]
    assert ask("pope", {"games": games})["pope"] == 1
    assert ask("pope", {"games": games, "options": {"pope_holds": "while_thirteen"}})["pope"] == 0


@pytest.mark.parametrize(
    ("games", "code", "field"),
    [
        pytest.param(None, "bad_entry", "games", id="missing"),
        pytest.param("lots", "bad_entry", "games", id="a-word"),
        pytest.param([[5, 4]], "bad_entry", "games[0]", id="two-players"),
        pytest.param([[5, 4, 0], [10, 0, 0]], "bad_entry", "games[1][0]", id="past-nine"),
        pytest.param([[5, 4, -1]], "bad_entry", "games[0][2]", id="negative"),
        pytest.param([[5, True, 3]], "bad_entry", "games[0][1]", id="a-flag"),
        pytest.param([[5, 4, 0], [5, 3, 0]], "impossible_hand", "games[1]", id="T-3-not-nine"),
        pytest.param([[3, 3, 3]] * 1001, "bad_entry", "games", id="too-many"),
    ],
)
def test_pope_refuses_what_is_not_a_list_of_hands(games: Any, code: str, field: str) -> None:
    body = {} if games is None else {"games": games}
    with pytest.raises(AdjudicationError) as caught:
        GAME.ask("pope", body)
    assert (caught.value.code, caught.value.field) == (code, field)
