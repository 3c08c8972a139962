"""The Pope of Treikort (ruling 9a, T-4, T-5): who is Pope after a sitting's hands, since
when and why, and across the sittings of a night."""

from __future__ import annotations

import json

import pytest

from adjudicator.errors import AdjudicationError
from adjudicator.messages import Message
from adjudicator.said import Naming
from adjudicator.tricks.treikort import Options, exchanges, night_pope, pope_after

NAMES = Naming(("Ann", "Ben", "Cy"))
HOLD = Options(pope_holds="while_thirteen")


def named(text: str) -> str:
    assert isinstance(text, Message)
    return text.named(NAMES)


CASES = [
    pytest.param([], Options(), None, None, "No hands yet: nobody is Pope.", id="no-hands"),
    pytest.param(
        [(5, 4, 0), (6, 2, 1)],
        Options(),
        None,
        None,
        "Nobody is Pope: the most over hands 1 and 2 is 11, by Ann; it takes 13 (9a).",
        id="9a-short-of-13",
    ),
    pytest.param(
        [(5, 4, 0), (6, 2, 1), (3, 3, 3)],
        Options(),
        0,
        3,
        "Ann is Pope: 14 tricks over hands 1 to 3, 13 or more (9a, T-4).",
        id="9a-13-or-more-over-three-hands",
    ),
    pytest.param(
        [(9, 0, 0), (4, 5, 0)],
        Options(),
        0,
        2,
        "Ann is Pope: 13 tricks over hands 1 and 2, 13 or more (9a, T-4).",
        id="T-5-before-three-hands-the-hands-so-far",
    ),
    pytest.param(
        [(5, 4, 0), (6, 2, 1), (3, 3, 3), (4, 4, 1)],
        Options(),
        0,
        3,
        "Ann stays Pope: 13 tricks over hands 2 to 4 (9a, T-4).",
        id="9a-kept-while-13-or-more",
    ),
    pytest.param(
        [(5, 4, 0), (6, 2, 1), (3, 3, 3), (1, 1, 7)],
        Options(),
        None,
        None,
        "Ann is no longer Pope: 10 tricks over hands 2 to 4, short of 13 (9a, T-4).",
        id="T-4-the-window-rolls-and-the-title-goes",
    ),
    pytest.param(
        [(9, 0, 0), (0, 9, 0), (0, 0, 9), (0, 0, 9)],
        Options(),
        2,
        4,
        "Cy is Pope: 18 tricks over hands 2 to 4, 13 or more (9a, T-4).",
        id="T-4-three-consecutive-hands-not-any-three",
    ),
    pytest.param(
        [(5, 4, 0), (4, 5, 0), (4, 4, 1)],
        Options(),
        None,
        None,
        "Ann and Ben have 13 each over hands 1 to 3: nobody is Pope until the tie breaks (T-5).",
        id="T-5-a-tie-without-a-Pope-makes-none",
    ),
    pytest.param(
        [(5, 4, 0), (5, 4, 0), (4, 5, 0)],
        Options(),
        0,
        3,
        "Ann is Pope: 14 tricks over hands 1 to 3, more than Ben's 13 (T-4, T-5).",
        id="T-5-two-at-13-or-more-the-one-with-more",
    ),
    pytest.param(
        [(5, 4, 0), (5, 4, 0), (4, 5, 0), (4, 4, 1)],
        Options(),
        0,
        3,
        "Ann stays Pope: Ann and Ben have 13 each over hands 2 to 4, and on a tie the sitting "
        "Pope keeps the title (T-5).",
        id="T-5-a-tie-keeps-the-sitting-Pope",
    ),
    pytest.param(
        [(5, 4, 0), (5, 4, 0), (4, 5, 0), (3, 6, 0)],
        Options(),
        1,
        4,
        "Ann is no longer Pope (12 over hands 2 to 4); Ben is Pope: 15 tricks over hands 2 to 4, "
        "13 or more (9a, T-4).",
        id="9a-no-longer-Pope-and-another-has-13",
    ),
    pytest.param(
        [(6, 3, 0), (5, 4, 0), (3, 6, 0), (5, 4, 0)],
        Options(),
        1,
        4,
        "Ben takes the title from Ann: 14 tricks over hands 2 to 4 to 13 (T-5).",
        id="T-5-more-tricks-takes-the-title-from-a-Pope-at-13",
    ),
    pytest.param(
        [(6, 3, 0), (5, 4, 0), (3, 6, 0), (5, 4, 0)],
        HOLD,
        0,
        3,
        "Ann stays Pope with 13 over hands 2 to 4, though Ben has 14: the Pope keeps the title "
        "while at 13 or more (house rule Pope holds, T-5).",
        id="T-5-option-while_thirteen-the-Pope-keeps-it",
    ),
    pytest.param(
        [(5, 4, 0), (5, 4, 0), (4, 5, 0), (3, 6, 0)],
        HOLD,
        1,
        4,
        "Ann is no longer Pope (12 over hands 2 to 4); Ben is Pope: 15 tricks over hands 2 to 4, "
        "13 or more (9a, T-4).",
        id="T-5-option-while_thirteen-until-below-13",
    ),
    pytest.param(
        [(9, 0, 0), (9, 0, 0), (9, 0, 0)],
        Options(pope=False),
        None,
        None,
        "This table plays without the Pope (the house rule Pope is off).",
        id="9a-option-pope-off",
    ),
]


def test_every_case_is_a_real_sitting() -> None:
    for case in CASES:
        assert all(sum(hand) == 9 for hand in case.values[0]), case.id


@pytest.mark.parametrize(("hands", "options", "pope", "since", "reason"), CASES)
def test_who_is_pope_since_when_and_why(
    hands: list[tuple[int, int, int]],
    options: Options,
    pope: int | None,
    since: int | None,
    reason: str,
) -> None:
    status = pope_after(hands, options)
    assert (status.pope, status.since, status.hands) == (pope, since, len(hands))
    assert named(status.reason) == reason
    json.dumps(status.as_dict())
    # The Pope always has 13 or more over the window, and nobody has more (unless the house
    # rule keeps a sitting Pope at 13 or more).
    if status.pope is not None:
        assert status.window_tricks[status.pope] >= 13
        if options.pope_holds == "most_tricks":
            assert status.window_tricks[status.pope] == max(status.window_tricks)


def test_the_window_is_each_players_last_three_hands() -> None:
    status = pope_after([(5, 4, 0), (6, 2, 1), (3, 3, 3), (4, 4, 1)])
    assert status.windows == ((2, 3, 4),) * 3
    assert status.window_tricks == (13, 9, 5)
    assert [step.window_tricks for step in status.steps] == [
        (5, 4, 0),
        (11, 6, 1),
        (14, 9, 4),
        (13, 9, 5),
    ]


def test_who_played_each_hand_as_pope_is_the_pope_after_the_hand_before() -> None:
    status = pope_after([(5, 4, 0), (6, 2, 1), (3, 3, 3), (4, 4, 1), (1, 1, 7), (2, 2, 5)])
    assert status.played_as_pope == (None, None, None, 0, 0, None)
    assert status.pope == 2  # Cy: 1 + 7 + 5 over hands 4 to 6
    assert [step.change for step in status.steps] == ["none", "none", "new", "kept", "lost", "new"]


def test_since_is_the_hand_that_made_the_pope_and_resets_when_the_title_changes() -> None:
    hands = [(9, 0, 0), (4, 5, 0), (0, 0, 9), (0, 0, 9), (9, 0, 0), (9, 0, 0)]
    popes = [pope_after(hands[:n]) for n in range(1, len(hands) + 1)]
    assert [(p.pope, p.since) for p in popes] == [
        (None, None),
        (0, 2),  # Ann: 9 + 4
        (0, 2),  # Ann keeps 13 over hands 1 to 3
        (2, 4),  # Ann 4 over hands 2 to 4; Cy 18
        (2, 4),
        (0, 6),  # Cy 9 over hands 4 to 6; Ann 18 again: a new title, a new since
    ]
    assert named(popes[-1].reason) == (
        "Cy is no longer Pope (9 over hands 4 to 6); Ann is Pope: 18 tricks over hands 4 to 6, "
        "13 or more (9a, T-4)."
    )


def test_a_hand_of_the_wrong_size_is_refused() -> None:
    with pytest.raises(AdjudicationError) as caught:
        pope_after([(5, 4, 0), (5, 4)])
    assert (caught.value.code, caught.value.field) == ("bad_entry", "games[1]")


def test_the_exchanges_reminder_names_the_pope() -> None:
    assert exchanges(2).named(NAMES) == (
        "Cy is Pope: before the cards are played, Cy takes the highest card from one opponent "
        "of their choosing (if two cards tie for highest, the opponent picks which, T-2) and "
        "gives back any card; then takes a 7 from the other opponent, who gives none if they "
        "hold no 7, and gives back any card (9a)."
    )


# --- A night of sittings ------------------------------------------------------------------------


def test_a_night_follows_the_players_whatever_their_seats() -> None:
    night = night_pope(
        [
            (["ann", "ben", "cy"], [(5, 4, 0), (6, 2, 1)]),
            (["cy", "ann", "ben"], [(0, 3, 6)]),  # Ann now in seat 2
        ]
    )
    assert night.players == ("ann", "ben", "cy")
    assert night.hands == ((0, 1), (0, 2), (1, 1))
    assert (night.pope, night.status.since, night.status.window_tricks) == ("ann", 3, (14, 12, 1))
    assert night.status.reason.named(Naming(("Ann", "Ben", "Cy"))) == (
        "Ann is Pope: 14 tricks over hands 1 to 3 of the night, 13 or more (9a, T-4)."
    )


def test_a_night_carries_the_title_from_one_sitting_into_the_next() -> None:
    first = (["ann", "ben", "cy"], [(5, 4, 0), (6, 2, 1), (3, 3, 3)])
    assert night_pope([first, (["ann", "ben", "cy"], [])]).pope == "ann"
    # The next sitting, seats changed: Ben wins all nine of hand 4.
    night = night_pope([first, (["ben", "cy", "ann"], [(9, 0, 0)])])
    assert night.status.window_tricks == (9, 14, 4)  # over hands 2 to 4 of the night
    assert night.pope == "ben"
    assert night.status.since == 4
    assert night.status.played_as_pope == (None, None, None, 0)


def test_a_player_who_sits_out_keeps_their_run() -> None:
    night = night_pope(
        [
            (["ann", "ben", "cy"], [(5, 4, 0), (4, 5, 0)]),
            (["ben", "cy", "di"], [(3, 3, 3)]),  # Ann sits out
            (["ann", "ben", "cy"], [(4, 3, 2)]),
        ]
    )
    assert night.players == ("ann", "ben", "cy", "di")
    # Ann's window is her own last three hands: 1, 2 and 4.
    assert night.status.windows[0] == (1, 2, 4)
    assert night.status.window_tricks[0] == 13
    # Ben's is hands 2 to 4: 5 + 3 + 3 = 11.
    assert night.status.window_tricks[1] == 11
    assert night.pope == "ann"


def test_a_pope_who_falls_as_two_others_tie_leaves_nobody_pope() -> None:
    # Only at a night can two players tie at 13 in the hand the Pope falls: their windows
    # differ. Ann is Pope after hand 4 (4 + 7 + 4); in hand 5 she wins nothing.
    night = night_pope(
        [
            (["cy", "di", "ann"], [(8, 0, 1), (4, 1, 4)]),
            (["ann", "ben", "di"], [(7, 0, 2), (4, 5, 0)]),
            (["cy", "ben", "ann"], [(1, 8, 0)]),
        ]
    )
    assert night.players == ("cy", "di", "ann", "ben")
    assert night.status.played_as_pope[-1] == 2
    assert night.pope is None
    assert night.status.steps[-1].change == "tie"
    assert night.status.reason.named(Naming(("Cy", "Di", "Ann", "Ben"))) == (
        "Ann is no longer Pope: Cy and Ben have 13 each over their last three hands: nobody is "
        "Pope until the tie breaks (T-5)."
    )


def test_a_sitting_that_seats_a_player_twice_is_refused() -> None:
    with pytest.raises(AdjudicationError) as caught:
        night_pope([(["ann", "ann", "cy"], [(5, 4, 0)])])
    assert (caught.value.code, caught.value.field) == ("bad_entry", "sittings[0]")
    with pytest.raises(AdjudicationError) as caught:
        night_pope([(["ann", "ben", "cy"], [(5, 4)])])
    assert caught.value.field == "sittings[0].hands[0]"
