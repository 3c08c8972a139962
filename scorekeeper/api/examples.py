"""An example on every request body and every success answer of the OpenAPI schema.

Each example is what the API answered in a real session (a night at the kitchen table: four
players, a game of Bridge Rummy with an amend, a dispute, a void and a confirmation, a game of
Knock Rummy ended by the table, a ruling, a profile, a join link and a token), written down
here as data, by operationId: the schema is built without a database. Times, the join link's
token and the API token are made up in their real formats. The game types' example shows one
game of the thirteen.

``document`` puts them on the media type (``content["application/json"]["example"]``).
tests/scorekeeper/api/test_examples.py holds each one to its schema, and the key operations'
to the keys of a real answer, so they cannot drift from what the API says.
"""

from __future__ import annotations

import copy
from typing import Any

from adjudicator.games import all_games
from scorekeeper.api import shapes
from scorekeeper.api.game_schemas import ask_component, deal_component, questions

# Each operation's request body, by operationId.
# A night's export: the export's answer, and what an import takes.
EXPORT: dict[str, Any] = {
    "format": "scorekeeper-export",
    "version": 1,
    "exported_at": "2025-12-24T20:14:00Z",
    "players": ["Alice", "Dick", "Mary", "Tom"],
    "nights": [
        {
            "date": "2025-12-24",
            "place": "The kitchen table",
            "notes": "Christmas Eve",
            "confirmations": True,
            "owner": "alice",
            "table": ["Mary", "Tom", "Dick", "Alice"],
            "games": [
                {
                    "number": 1,
                    "slug": "bridge-rummy",
                    "name": "Bridge Rummy",
                    "options": {
                        "game": "bridge-rummy",
                        "ace_low_value": 10,
                        "round_then_double": False,
                        "hand_rummy_own_melds_only": False,
                        "single_layoff_to_joker_needs_one_or_three": False,
                        "min_naturals_per_meld": 1,
                        "tie_break": "none",
                    },
                    "confirmations": False,
                    "created_by": "alice",
                    "seats": [
                        {"player": "Mary", "position": 0, "team": None},
                        {"player": "Tom", "position": 1, "team": None},
                        {"player": "Dick", "position": 2, "team": None},
                        {"player": "Alice", "position": 3, "team": None},
                    ],
                    "entries": [
                        {
                            "n": 1,
                            "kind": "record",
                            "deal": None,
                            "supersedes": None,
                            "settles": None,
                            "seat": None,
                            "data": {
                                "object": "DealBridgeRummyFor4",
                                "went_out": 0,
                                "hand_rummy": False,
                                "hands": [
                                    {"seat": 1, "held": 36},
                                    {"seat": 2, "held": 5},
                                    {"seat": 3, "not_down": True},
                                ],
                            },
                            "note": "",
                            "token": "1d8e28e0-2899-4bb5-bcbd-681981b52cad",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:15:00Z",
                        },
                        {
                            "n": 2,
                            "kind": "record",
                            "deal": None,
                            "supersedes": None,
                            "settles": None,
                            "seat": None,
                            "data": {
                                "object": "DealBridgeRummyFor4",
                                "went_out": 1,
                                "hand_rummy": False,
                                "hands": [
                                    {"seat": 0, "not_down": True},
                                    {"seat": 2, "held": 53},
                                    {"seat": 3, "held": 25},
                                ],
                            },
                            "note": "",
                            "token": "d821c870-6bd0-42ca-b8ec-e789c9c86eea",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:16:00Z",
                        },
                        {
                            "n": 3,
                            "kind": "amend",
                            "deal": 1,
                            "supersedes": 1,
                            "settles": None,
                            "seat": None,
                            "data": {
                                "object": "DealBridgeRummyFor4",
                                "went_out": 0,
                                "hand_rummy": False,
                                "hands": [
                                    {"seat": 1, "held": 36},
                                    {"seat": 2, "held": 5},
                                    {"seat": 3, "not_down": True},
                                ],
                            },
                            "note": "Tom recounted",
                            "token": "57d351d2-7c19-4580-8260-a612e7adcd23",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:17:00Z",
                        },
                        {
                            "n": 4,
                            "kind": "dispute",
                            "deal": 2,
                            "supersedes": None,
                            "settles": None,
                            "seat": None,
                            "data": {
                                "question": "settle",
                                "input": {
                                    "object": "AskBridgeRummySettleFor4",
                                    "went_out": 1,
                                    "hand_rummy": False,
                                    "hands": [
                                        {"seat": 0, "not_down": True},
                                        {"seat": 2, "held": 53},
                                        {"seat": 3, "held": 25},
                                    ],
                                    "players": 4,
                                },
                                "players": 4,
                                "options": {"game": "bridge-rummy"},
                                "answer": {
                                    "object": "AnswerBridgeRummySettle",
                                    "deal": {
                                        "object": "DealBridgeRummyFor4",
                                        "went_out": 1,
                                        "hand_rummy": False,
                                        "hands": [
                                            {"seat": 0, "not_down": True},
                                            {"seat": 2, "held": 53},
                                            {"seat": 3, "held": 25},
                                        ],
                                    },
                                    "results": [
                                        {
                                            "seat": 0,
                                            "points": 100,
                                            "star": False,
                                            "explanation": ["never went down: 100"],
                                            "detail": {},
                                        },
                                        {
                                            "seat": 1,
                                            "points": -20,
                                            "star": True,
                                            "explanation": ["went out: -20, and a star"],
                                            "detail": {},
                                        },
                                        {
                                            "seat": 2,
                                            "points": 50,
                                            "star": False,
                                            "explanation": ["held 53 → 50: 5 or less rounds down"],
                                            "detail": {"held": 53},
                                        },
                                        {
                                            "seat": 3,
                                            "points": 20,
                                            "star": False,
                                            "explanation": ["held 25 → 20: 5 or less rounds down"],
                                            "detail": {"held": 25},
                                        },
                                    ],
                                    "explanation": [
                                        "Seat 1 scores 100: never went down: 100",
                                        "Seat 2 scores -20: went out: -20, and a star",
                                        "Seat 3 scores 50: held 53 → 50: 5 or less rounds down",
                                        "Seat 4 scores 20: held 25 → 20: 5 or less rounds down",
                                    ],
                                },
                                "summary": "Seat 1 scores 100: never went down: 100",
                            },
                            "note": "Dick counted again",
                            "token": "a249d900-f4e1-4bba-a745-40d19dd1d138",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:18:00Z",
                        },
                        {
                            "n": 5,
                            "kind": "record",
                            "deal": None,
                            "supersedes": None,
                            "settles": None,
                            "seat": None,
                            "data": {
                                "object": "DealBridgeRummyFor4",
                                "went_out": 0,
                                "hand_rummy": True,
                                "hands": [
                                    {"seat": 1, "held": 60},
                                    {"seat": 2, "not_down": True},
                                    {"seat": 3, "held": 25},
                                ],
                            },
                            "note": "",
                            "token": "e216a900-e7f5-4e88-8171-00af302245c7",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:19:00Z",
                        },
                        {
                            "n": 6,
                            "kind": "void",
                            "deal": 5,
                            "supersedes": 5,
                            "settles": None,
                            "seat": None,
                            "data": {},
                            "note": "dealt twice",
                            "token": "e79ffa5b-d874-4c1d-b749-e6571e5dee3c",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:20:00Z",
                        },
                        {
                            "n": 7,
                            "kind": "setting",
                            "deal": None,
                            "supersedes": None,
                            "settles": None,
                            "seat": None,
                            "data": {"confirmations": True},
                            "note": "",
                            "token": "c2959e93-feb5-44d9-adaa-009a3c82dd82",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:21:00Z",
                        },
                        {
                            "n": 8,
                            "kind": "record",
                            "deal": None,
                            "supersedes": None,
                            "settles": None,
                            "seat": 3,
                            "data": {
                                "object": "DealBridgeRummyFor4",
                                "went_out": 2,
                                "hand_rummy": False,
                                "hands": [
                                    {"seat": 0, "not_down": True},
                                    {"seat": 1, "held": 30},
                                    {"seat": 3, "not_down": True},
                                ],
                            },
                            "note": "",
                            "token": "c6fa3f1a-c93a-4ae0-8d28-ef57c199c8bf",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:22:00Z",
                        },
                        {
                            "n": 9,
                            "kind": "confirm",
                            "deal": 8,
                            "supersedes": None,
                            "settles": None,
                            "seat": 0,
                            "data": {},
                            "note": "",
                            "token": "e67df7a6-7aa3-419e-b59b-2d3d4bfcd24d",
                            "recorded_by": "bob",
                            "recorded_at": "2025-12-24T20:23:00Z",
                        },
                    ],
                },
                {
                    "number": 2,
                    "slug": "knock-rummy",
                    "name": "Knock Rummy",
                    "options": {
                        "game": "knock-rummy",
                        "penalty_on_tie": True,
                        "tied_winners": "share",
                        "bonus_to_any_zero_winner": False,
                        "target": 0,
                    },
                    "confirmations": False,
                    "created_by": "alice",
                    "seats": [
                        {"player": "Mary", "position": 0, "team": None},
                        {"player": "Tom", "position": 1, "team": None},
                        {"player": "Dick", "position": 2, "team": None},
                    ],
                    "entries": [
                        {
                            "n": 1,
                            "kind": "record",
                            "deal": None,
                            "supersedes": None,
                            "settles": None,
                            "seat": 0,
                            "data": {
                                "object": "DealKnockRummyFor3",
                                "knocked": 0,
                                "hands": [
                                    {"seat": 0, "count": 3},
                                    {"seat": 1, "count": 12},
                                    {"seat": 2, "count": 30},
                                ],
                            },
                            "note": "",
                            "token": "23424d75-b61c-4324-8fe7-a60e395e11f2",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:24:00Z",
                        },
                        {
                            "n": 2,
                            "kind": "end",
                            "deal": None,
                            "supersedes": None,
                            "settles": None,
                            "seat": None,
                            "data": {},
                            "note": "",
                            "token": "06cedfc6-d17b-432c-85fb-6f00794b4775",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:25:00Z",
                        },
                        {
                            "n": 3,
                            "kind": "void",
                            "deal": 2,
                            "supersedes": 2,
                            "settles": None,
                            "seat": None,
                            "data": {},
                            "note": "",
                            "token": "b88c2f16-1f9d-40c5-ba93-15a8fb1810b4",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:26:00Z",
                        },
                        {
                            "n": 4,
                            "kind": "end",
                            "deal": None,
                            "supersedes": None,
                            "settles": None,
                            "seat": None,
                            "data": {},
                            "note": "",
                            "token": "2a6d6c99-8c65-4205-a9e2-cf28b3d3e249",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:27:00Z",
                        },
                        {
                            "n": 5,
                            "kind": "setting",
                            "deal": None,
                            "supersedes": None,
                            "settles": None,
                            "seat": None,
                            "data": {"confirmations": True},
                            "note": "",
                            "token": "4498583f-27ba-481b-8e1b-405b1c2fb9d2",
                            "recorded_by": "alice",
                            "recorded_at": "2025-12-24T20:28:00Z",
                        },
                    ],
                },
            ],
            "rulings": [
                {
                    "game": "bridge-rummy",
                    "question": "settle",
                    "players": 4,
                    "input": {
                        "object": "AskBridgeRummySettleFor4",
                        "went_out": 1,
                        "hand_rummy": False,
                        "hands": [
                            {"seat": 0, "not_down": True},
                            {"seat": 2, "held": 53},
                            {"seat": 3, "held": 25},
                        ],
                        "players": 4,
                    },
                    "options": {"game": "bridge-rummy"},
                    "answer": {
                        "object": "AnswerBridgeRummySettle",
                        "deal": {
                            "object": "DealBridgeRummyFor4",
                            "went_out": 1,
                            "hand_rummy": False,
                            "hands": [
                                {"seat": 0, "not_down": True},
                                {"seat": 2, "held": 53},
                                {"seat": 3, "held": 25},
                            ],
                        },
                        "results": [
                            {
                                "seat": 0,
                                "points": 100,
                                "star": False,
                                "explanation": ["never went down: 100"],
                                "detail": {},
                            },
                            {
                                "seat": 1,
                                "points": -20,
                                "star": True,
                                "explanation": ["went out: -20, and a star"],
                                "detail": {},
                            },
                            {
                                "seat": 2,
                                "points": 50,
                                "star": False,
                                "explanation": ["held 53 → 50: 5 or less rounds down"],
                                "detail": {"held": 53},
                            },
                            {
                                "seat": 3,
                                "points": 20,
                                "star": False,
                                "explanation": ["held 25 → 20: 5 or less rounds down"],
                                "detail": {"held": 25},
                            },
                        ],
                        "explanation": [
                            "Seat 1 scores 100: never went down: 100",
                            "Seat 2 scores -20: went out: -20, and a star",
                            "Seat 3 scores 50: held 53 → 50: 5 or less rounds down",
                            "Seat 4 scores 20: held 25 → 20: 5 or less rounds down",
                        ],
                    },
                    "note": "Dick counted again",
                    "saved_by": "alice",
                    "saved_at": "2025-12-24T20:29:00Z",
                    "dispute": {"game": 1, "n": 4},
                },
                {
                    "game": "knock-rummy",
                    "question": "settle",
                    "players": 3,
                    "input": {
                        "object": "AskKnockRummySettleFor3",
                        "knocked": 0,
                        "hands": [
                            {"seat": 0, "count": 5},
                            {"seat": 1, "count": 5},
                            {"seat": 2, "count": 30},
                        ],
                        "players": 3,
                    },
                    "options": {"game": "knock-rummy", "penalty_on_tie": True},
                    "answer": {
                        "object": "AnswerKnockRummySettle",
                        "deal": {
                            "object": "DealKnockRummyFor3",
                            "knocked": 0,
                            "hands": [
                                {"seat": 0, "count": 5},
                                {"seat": 1, "count": 5},
                                {"seat": 2, "count": 30},
                            ],
                        },
                        "summary": "Seat 1 knocked on 5; seat 2 tied on 5 and won",
                        "payments": [
                            {"payer": 0, "payee": 1, "amount": 10},
                            {"payer": 2, "payee": 1, "amount": 25},
                        ],
                        "payments_shown": ["Seat 1 pays seat 2 10", "Seat 3 pays seat 2 25"],
                        "results": [
                            {
                                "seat": 0,
                                "points": -10,
                                "star": False,
                                "explanation": [
                                    "knocked on 5 "
                                    "(any count "
                                    "may knock, "
                                    "K-4): "
                                    "unmatched "
                                    "count 5, as "
                                    "the table "
                                    "agreed",
                                    "tied for "
                                    "lowest on 5 "
                                    "by seat 2, "
                                    "who wins "
                                    "over the "
                                    "knocker (4.5 "
                                    "rule 2)",
                                    "pays seat 2 "
                                    "10: 0 "
                                    "difference "
                                    "(5 - 5) + 10 "
                                    "penalty: "
                                    "knocked and "
                                    "was tied "
                                    "(house rule, "
                                    "K-1) = 10",
                                    "net -10",
                                ],
                                "detail": {"count": 5, "knocked": True, "won": False},
                            },
                            {
                                "seat": 1,
                                "points": 35,
                                "star": False,
                                "explanation": [
                                    "unmatched count 5, as the table agreed",
                                    "ties the "
                                    "knocker seat "
                                    "1 for lowest "
                                    "on 5: wins "
                                    "over the "
                                    "knocker (4.5 "
                                    "rule 2)",
                                    "collects 10 "
                                    "from seat 1: "
                                    "0 difference "
                                    "(5 - 5) + 10 "
                                    "penalty: "
                                    "knocked and "
                                    "was tied "
                                    "(house rule, "
                                    "K-1) = 10",
                                    "collects 25 from seat 3: 25 difference (30 - 5)",
                                    "net +35",
                                ],
                                "detail": {"count": 5, "knocked": False, "won": True},
                            },
                            {
                                "seat": 2,
                                "points": -25,
                                "star": False,
                                "explanation": [
                                    "unmatched count 30, as the table agreed",
                                    "pays seat 2 25: 25 difference (30 - 5)",
                                    "net -25",
                                ],
                                "detail": {"count": 30, "knocked": False, "won": False},
                            },
                        ],
                        "explanation": [
                            "Seat 1 knocked on 5; seat 2 tied on 5 and won",
                            "Seat 1:",
                            "knocked on 5 (any count "
                            "may knock, K-4): "
                            "unmatched count 5, as the "
                            "table agreed",
                            "tied for lowest on 5 by "
                            "seat 2, who wins over the "
                            "knocker (4.5 rule 2)",
                            "pays seat 2 10: 0 "
                            "difference (5 - 5) + 10 "
                            "penalty: knocked and was "
                            "tied (house rule, K-1) = "
                            "10",
                            "net -10",
                            "Seat 2:",
                            "unmatched count 5, as the table agreed",
                            "ties the knocker seat 1 "
                            "for lowest on 5: wins "
                            "over the knocker (4.5 "
                            "rule 2)",
                            "collects 10 from seat 1: "
                            "0 difference (5 - 5) + 10 "
                            "penalty: knocked and was "
                            "tied (house rule, K-1) = "
                            "10",
                            "collects 25 from seat 3: 25 difference (30 - 5)",
                            "net +35",
                            "Seat 3:",
                            "unmatched count 30, as the table agreed",
                            "pays seat 2 25: 25 difference (30 - 5)",
                            "net -25",
                        ],
                    },
                    "note": "we play K-1",
                    "saved_by": "alice",
                    "saved_at": "2025-12-24T20:30:00Z",
                    "dispute": None,
                },
            ],
        }
    ],
}

# A club's invitation token (made up, in its real format: signed id and nonce).
CLUB_TOKEN = "WzMsIkZfN0RxUnZ6WTlLc0xtMnBOd1hjQjVoVCJd:1vPqLx:Jk3mN8sQwE2rT6yUiO0pA4dF7gH1jKlZ"
THURSDAY = {
    "id": 3,
    "name": "Thursday Brus",
    "role": "organiser",
    "members": 3,
    "players": 6,
    "nights": 12,
    "seasons": 2,
    "created_at": "2026-09-01T18:00:00Z",
}
INVITE = {
    "id": 5,
    "created_by": "ann",
    "created_at": "2026-09-01T18:05:00Z",
    "expires_at": "2026-09-08T18:05:00Z",
}
CY = {"id": 9, "name": "Cy"}
CLAIM = {
    "id": 2,
    "player": {"id": 7, "name": "Cecilia"},
    "username": "cy",
    "asked_at": "2026-09-03T19:00:00Z",
    "answered_at": None,
    "confirmed": False,
}
MERGE = {
    "id": 4,
    "merged": CY,
    "into": {"id": 7, "name": "Cecilia"},
    "by": "ann",
    "at": "2026-09-04T20:00:00Z",
    "undone_by": None,
    "undone_at": None,
    "renamed": "",
}
AUTUMN = {
    "id": 2,
    "name": "Autumn 2026",
    "starts": "2026-09-01",
    "ends": "2026-11-30",
    "current": True,
    "finished": False,
}

# Looking back within the club: Cecilia's Bridge Rummy (her first game, a win).
CECILIA_RATINGS = [
    {
        "game": "bridge-rummy",
        "name": "Bridge Rummy",
        "rating": 3.0,
        "mu": 27.795252672501135,
        "sigma": 8.263571791259416,
        "games": 1,
        "provisional": True,
        "points": [{"game": 21, "night": 12, "date": "2026-11-26", "rating": 3.0}],
    }
]
CECILIA_RECORD = {
    "player": {"id": 7, "name": "Cecilia"},
    "played": 2,
    "won": 1,
    "games": [
        {
            "game": "bridge-rummy",
            "name": "Bridge Rummy",
            "played": 1,
            "finished": 1,
            "won": 1,
            "average": "40",
            "best": "40",
            "feats": [{"key": "stars", "label": "stars", "best": "sum", "value": 4}],
        },
        {
            "game": "brummy",
            "name": "Brummy",
            "played": 1,
            "finished": 0,
            "won": 0,
            "average": "48",
            "best": "48",
            "feats": [{"key": "best_grid", "label": "best grid", "best": "max", "value": 30}],
        },
    ],
    "feats": [
        {"key": "stars", "label": "stars", "best": "sum", "value": 4},
        {"key": "best_grid", "label": "best grid", "best": "max", "value": 30},
    ],
}
CECILIA_RIVALS = {
    "finished": 1,
    "rival": {
        "opponent": {"id": 8, "name": "Ben"},
        "ahead": 1,
        "behind": 0,
        "level": 0,
        "met": 1,
    },
    "nemesis": None,
    "partner": None,
    "current_streak": 1,
    "longest_streak": 1,
    "records": [
        {
            "game": "bridge-rummy",
            "name": "Bridge Rummy",
            "records": [
                {"label": "Best total", "value": "40", "game": 21},
                {"label": "Biggest win", "value": "160", "game": 21},
                {"label": "Most stars", "value": "4", "game": 21},
            ],
        }
    ],
}
CLUB_BOARD = {
    "game": None,
    "name": "All games",
    "year": None,
    "games": 1,
    "players": [
        {
            "place": 1,
            "player": {"id": 7, "name": "Cecilia"},
            "rating": 3.0,
            "mu": 27.795252672501135,
            "sigma": 8.263571791259416,
            "games": 1,
            "won": 1,
            "provisional": True,
        },
        {
            "place": 2,
            "player": {"id": 8, "name": "Ben"},
            "rating": 1.5,
            "mu": 25.717262170187357,
            "sigma": 8.058224222802378,
            "games": 1,
            "won": 0,
            "provisional": True,
        },
    ],
}

REQUESTS: dict[str, Any] = {
    "create_player": {"name": "Alice"},
    "create_night": {
        "date": "2025-12-24",
        "place": "The kitchen table",
        "notes": "Christmas Eve",
        "confirmations": False,
    },
    "update_night": {"confirmations": True},
    "add_recorder": {"username": "bob"},
    "start_game": {"game": "bridge-rummy", "players": [1, 2, 3, 4], "options": {}},
    "record_deal": {
        "game": "bridge-rummy",
        "deal": {
            "object": "DealBridgeRummyFor4",
            "went_out": 0,
            "hand_rummy": False,
            "hands": [
                {"seat": 1, "held": 36},
                {"seat": 2, "held": 5},
                {"seat": 3, "not_down": True},
            ],
        },
    },
    "amend_deal": {
        "game": "bridge-rummy",
        "deal": {
            "object": "DealBridgeRummyFor4",
            "went_out": 0,
            "hand_rummy": False,
            "hands": [
                {"seat": 1, "held": 36},
                {"seat": 2, "held": 5},
                {"seat": 3, "not_down": True},
            ],
        },
        "revision": 1,
        "note": "Tom recounted",
    },
    "void_deal": {"revision": 5, "note": "dealt twice"},
    "confirm_deal": {"revision": 13, "seat": 0},
    "dispute_deal": {"note": "Dick counted again"},
    "save_ruling": {
        "game": "knock-rummy",
        "question": "settle",
        "players": 3,
        "input": {
            "knocked": 0,
            "hands": [{"seat": 0, "count": 5}, {"seat": 1, "count": 5}, {"seat": 2, "count": 30}],
        },
        "options": {"game": "knock-rummy", "penalty_on_tie": True},
        "note": "we play K-1",
    },
    "import_nights": EXPORT,
    "create_profile": {
        "game": "knock-rummy",
        "name": "Friday nights",
        "options": {"penalty_on_tie": True},
    },
    "update_profile": {"name": "Friday club"},
    "join_night": {"token": "Xq3vT0aLk9bY2mRw8sNcE1pUoZ4hJ6gF7dKiQ5tVyA0"},
    "change_role": {"role": "recorder"},
    "create_token": {"name": "Scoreboard script"},
    # clubs (issue 29): the kitchen table's club, Ben and Cy invited
    "create_club": {"name": "Thursday Brus"},
    "rename_club": {"name": "Thursday Brus, Visby"},
    "change_member_role": {"role": "recorder"},
    "make_club_invite": {"days": 7},
    "join_club": {"token": CLUB_TOKEN},
    "create_club_player": {"name": "Cy"},
    "answer_player_claim": {"confirmed": True},
    "merge_players": {"merged": 9, "into": 7},
    "create_season": {"name": "Autumn 2026", "starts": "2026-09-01", "ends": "2026-11-30"},
    "end_season": {"on": "2026-11-29"},
    "review_move_in": {"nights": [1]},
    "move_nights_in": {
        "nights": [1],
        "choices": [{"player": 1, "into": 7}, {"player": 2, "into": None}],
    },
}

# The night's two rulings: one saved at the desk, one a hand's dispute.
SAVED_RULING: dict[str, Any] = {
    "id": 2,
    "game": "knock-rummy",
    "question": "settle",
    "players": 3,
    "input": {
        "object": "AskKnockRummySettleFor3",
        "knocked": 0,
        "hands": [{"seat": 0, "count": 5}, {"seat": 1, "count": 5}, {"seat": 2, "count": 30}],
        "players": 3,
    },
    "options": {
        "game": "knock-rummy",
        "penalty_on_tie": True,
        "tied_winners": "share",
        "bonus_to_any_zero_winner": False,
        "target": 0,
    },
    "answer": {
        "object": "AnswerKnockRummySettle",
        "deal": {
            "object": "DealKnockRummyFor3",
            "knocked": 0,
            "hands": [
                {"seat": 0, "count": 5},
                {"seat": 1, "count": 5},
                {"seat": 2, "count": 30},
            ],
        },
        "summary": "Seat 1 knocked on 5; seat 2 tied on 5 and won",
        "payments": [
            {"payer": 0, "payee": 1, "amount": 10},
            {"payer": 2, "payee": 1, "amount": 25},
        ],
        "payments_shown": ["Seat 1 pays seat 2 10", "Seat 3 pays seat 2 25"],
        "results": [
            {
                "seat": 0,
                "points": -10,
                "star": False,
                "explanation": [
                    "knocked on 5 (any count may knock, "
                    "K-4): unmatched count 5, as the table "
                    "agreed",
                    "tied for lowest on 5 by seat 2, who wins over the knocker (4.5 rule 2)",
                    "pays seat 2 10: 0 difference (5 - 5) + "
                    "10 penalty: knocked and was tied (house "
                    "rule, K-1) = 10",
                    "net -10",
                ],
                "detail": {"count": 5, "knocked": True, "won": False},
            },
            {
                "seat": 1,
                "points": 35,
                "star": False,
                "explanation": [
                    "unmatched count 5, as the table agreed",
                    "ties the knocker seat 1 for lowest on 5: wins over the knocker (4.5 rule 2)",
                    "collects 10 from seat 1: 0 difference "
                    "(5 - 5) + 10 penalty: knocked and was "
                    "tied (house rule, K-1) = 10",
                    "collects 25 from seat 3: 25 difference (30 - 5)",
                    "net +35",
                ],
                "detail": {"count": 5, "knocked": False, "won": True},
            },
            {
                "seat": 2,
                "points": -25,
                "star": False,
                "explanation": [
                    "unmatched count 30, as the table agreed",
                    "pays seat 2 25: 25 difference (30 - 5)",
                    "net -25",
                ],
                "detail": {"count": 30, "knocked": False, "won": False},
            },
        ],
        "explanation": [
            "Seat 1 knocked on 5; seat 2 tied on 5 and won",
            "Seat 1:",
            "knocked on 5 (any count may knock, K-4): unmatched count 5, as the table agreed",
            "tied for lowest on 5 by seat 2, who wins over the knocker (4.5 rule 2)",
            "pays seat 2 10: 0 difference (5 - 5) + 10 penalty: "
            "knocked and was tied (house rule, K-1) = 10",
            "net -10",
            "Seat 2:",
            "unmatched count 5, as the table agreed",
            "ties the knocker seat 1 for lowest on 5: wins over the knocker (4.5 rule 2)",
            "collects 10 from seat 1: 0 difference (5 - 5) + 10 "
            "penalty: knocked and was tied (house rule, K-1) = 10",
            "collects 25 from seat 3: 25 difference (30 - 5)",
            "net +35",
            "Seat 3:",
            "unmatched count 30, as the table agreed",
            "pays seat 2 25: 25 difference (30 - 5)",
            "net -25",
        ],
    },
    "note": "we play K-1",
    "saved_by": "alice",
    "saved_as": "",
    "saved_at": "2025-12-24T20:13:00Z",
    "dispute": None,
}

DISPUTE_RULING: dict[str, Any] = {
    "id": 1,
    "game": "bridge-rummy",
    "question": "settle",
    "players": 4,
    "input": {
        "object": "AskBridgeRummySettleFor4",
        "went_out": 1,
        "hand_rummy": False,
        "hands": [
            {"seat": 0, "not_down": True},
            {"seat": 2, "held": 53},
            {"seat": 3, "held": 25},
        ],
        "players": 4,
    },
    "options": {
        "game": "bridge-rummy",
        "ace_low_value": 10,
        "round_then_double": False,
        "hand_rummy_own_melds_only": False,
        "single_layoff_to_joker_needs_one_or_three": False,
        "min_naturals_per_meld": 1,
        "tie_break": "none",
    },
    "answer": {
        "object": "AnswerBridgeRummySettle",
        "deal": {
            "object": "DealBridgeRummyFor4",
            "went_out": 1,
            "hand_rummy": False,
            "hands": [
                {"seat": 0, "not_down": True},
                {"seat": 2, "held": 53},
                {"seat": 3, "held": 25},
            ],
        },
        "results": [
            {
                "seat": 0,
                "points": 100,
                "star": False,
                "explanation": ["never went down: 100"],
                "detail": {},
            },
            {
                "seat": 1,
                "points": -20,
                "star": True,
                "explanation": ["went out: -20, and a star"],
                "detail": {},
            },
            {
                "seat": 2,
                "points": 50,
                "star": False,
                "explanation": ["held 53 → 50: 5 or less rounds down"],
                "detail": {"held": 53},
            },
            {
                "seat": 3,
                "points": 20,
                "star": False,
                "explanation": ["held 25 → 20: 5 or less rounds down"],
                "detail": {"held": 25},
            },
        ],
        "explanation": [
            "Seat 1 scores 100: never went down: 100",
            "Seat 2 scores -20: went out: -20, and a star",
            "Seat 3 scores 50: held 53 → 50: 5 or less rounds down",
            "Seat 4 scores 20: held 25 → 20: 5 or less rounds down",
        ],
    },
    "note": "Dick counted again",
    "saved_by": "alice",
    "saved_as": "",
    "saved_at": "2025-12-24T20:04:00Z",
    "dispute": 4,
}


# A game's standings after its first hand (Knock Rummy at four): read, and after an end undone.
STANDINGS: dict[str, Any] = {
    "game": 2,
    "status": "After hand 1: Mary is up 36.",
    "finished": False,
    "ended": False,
    "can_end": True,
    "asks_confirmation": False,
    "unconfirmed": [],
    "lower_is_better": False,
    "end": {"kind": "open"},
    "winners": [],
    "leaders": ["Mary"],
    "units": [
        {
            "unit": 0,
            "name": "Mary",
            "seats": [0],
            "total": 36,
            "marks": [],
            "leader": True,
            "winner": False,
        },
        {
            "unit": 1,
            "name": "Tom",
            "seats": [1],
            "total": -9,
            "marks": [],
            "leader": False,
            "winner": False,
        },
        {
            "unit": 2,
            "name": "Dick",
            "seats": [2],
            "total": -27,
            "marks": [],
            "leader": False,
            "winner": False,
        },
    ],
    "settles": True,
    "settlement": [
        {"payer": "Dick", "payee": "Mary", "amount": 27, "text": "Dick pays Mary 27"},
        {"payer": "Tom", "payee": "Mary", "amount": 9, "text": "Tom pays Mary 9"},
    ],
    "deals": [
        {
            "deal": 7,
            "revision": 7,
            "number": 1,
            "summary": "Mary knocked on 3 and was lowest alone",
            "results": [
                {
                    "unit": 0,
                    "name": "Mary",
                    "points": 36,
                    "star": False,
                    "explanation": [
                        "knocked on 3 (any count may knock, "
                        "K-4): unmatched count 3, as the table "
                        "agreed",
                        "lowest alone on 3: the knocker wins (4.5 rule 1)",
                        "collects 9 from Tom: 9 difference (12 - 3)",
                        "collects 27 from Dick: 27 difference (30 - 3)",
                        "net +36",
                    ],
                    "said": [
                        {
                            "id": "knocked on {count} (any count may knock, K-4): {working}",
                            "args": {
                                "count": 3,
                                "working": {
                                    "id": "unmatched count {count}, as the table agreed",
                                    "args": {"count": 3},
                                },
                            },
                        },
                        {
                            "id": "lowest alone on {low}: the knocker wins (4.5 rule 1)",
                            "args": {"low": 3},
                        },
                        {
                            "id": "collects {points} from {seat}: {why}",
                            "args": {
                                "points": {"points": "9", "signed": False},
                                "seat": {"seats": [1]},
                                "why": {
                                    "joined": [
                                        {
                                            "id": "{difference} difference ({count} - {low})",
                                            "args": {"difference": 9, "count": 12, "low": 3},
                                        }
                                    ],
                                    "separator": " + ",
                                },
                            },
                        },
                        {
                            "id": "collects {points} from {seat}: {why}",
                            "args": {
                                "points": {"points": "27", "signed": False},
                                "seat": {"seats": [2]},
                                "why": {
                                    "joined": [
                                        {
                                            "id": "{difference} difference ({count} - {low})",
                                            "args": {"difference": 27, "count": 30, "low": 3},
                                        }
                                    ],
                                    "separator": " + ",
                                },
                            },
                        },
                        {
                            "id": "net {points}",
                            "args": {"points": {"points": "36", "signed": True}},
                        },
                    ],
                    "detail": {"game": "knock-rummy", "count": 3, "knocked": True, "won": True},
                },
                {
                    "unit": 1,
                    "name": "Tom",
                    "points": -9,
                    "star": False,
                    "explanation": [
                        "unmatched count 12, as the table agreed",
                        "pays Mary 9: 9 difference (12 - 3)",
                        "net -9",
                    ],
                    "said": [
                        {
                            "id": "unmatched count {count}, as the table agreed",
                            "args": {"count": 12},
                        },
                        {
                            "id": "pays {seat} {points}: {why}",
                            "args": {
                                "seat": {"seats": [0]},
                                "points": {"points": "9", "signed": False},
                                "why": {
                                    "joined": [
                                        {
                                            "id": "{difference} difference ({count} - {low})",
                                            "args": {"difference": 9, "count": 12, "low": 3},
                                        }
                                    ],
                                    "separator": " + ",
                                },
                            },
                        },
                        {
                            "id": "net {points}",
                            "args": {"points": {"points": "-9", "signed": True}},
                        },
                    ],
                    "detail": {
                        "game": "knock-rummy",
                        "count": 12,
                        "knocked": False,
                        "won": False,
                    },
                },
                {
                    "unit": 2,
                    "name": "Dick",
                    "points": -27,
                    "star": False,
                    "explanation": [
                        "unmatched count 30, as the table agreed",
                        "pays Mary 27: 27 difference (30 - 3)",
                        "net -27",
                    ],
                    "said": [
                        {
                            "id": "unmatched count {count}, as the table agreed",
                            "args": {"count": 30},
                        },
                        {
                            "id": "pays {seat} {points}: {why}",
                            "args": {
                                "seat": {"seats": [0]},
                                "points": {"points": "27", "signed": False},
                                "why": {
                                    "joined": [
                                        {
                                            "id": "{difference} difference ({count} - {low})",
                                            "args": {"difference": 27, "count": 30, "low": 3},
                                        }
                                    ],
                                    "separator": " + ",
                                },
                            },
                        },
                        {
                            "id": "net {points}",
                            "args": {"points": {"points": "-27", "signed": True}},
                        },
                    ],
                    "detail": {
                        "game": "knock-rummy",
                        "count": 30,
                        "knocked": False,
                        "won": False,
                    },
                },
            ],
            "totals": [36, -9, -27],
            "payments": [
                {"payer": "Tom", "payee": "Mary", "amount": 9, "text": "Tom pays Mary 9"},
                {"payer": "Dick", "payee": "Mary", "amount": 27, "text": "Dick pays Mary 27"},
            ],
            "confirmed_by": None,
            "confirmers": [],
        }
    ],
    "next_number": 2,
    "next_turn": {
        "number": 2,
        "dealer": "Tom",
        "leader": "Dick",
        "dealer_seat": 1,
        "leader_seat": 2,
        "recorded": False,
        "text": "Hand 2: Tom deals, Dick plays first",
    },
    "problems": [],
    "notes": [
        "house rule penalty_on_tie: on",
        "7 cards each; any count may knock (no minimum, K-4)",
    ],
}


def _ended(standings: dict[str, Any]) -> dict[str, Any]:
    """``standings`` once the table has ended the game there: Mary, who leads, wins."""
    ended = copy.deepcopy(standings)
    ended |= {
        "status": "Game over: Mary wins, up 36.",
        "finished": True,
        "ended": True,
        "can_end": False,
        "winners": ["Mary"],
        "next_turn": None,
    }
    for unit in ended["units"]:
        unit["winner"] = unit["name"] == "Mary"
    return ended


# Each operation's success answer (2xx, JSON), by operationId.
RESPONSES: dict[str, Any] = {
    "list_players": [
        {"id": 4, "name": "Alice"},
        {"id": 3, "name": "Dick"},
        {"id": 1, "name": "Mary"},
        {"id": 2, "name": "Tom"},
    ],
    "create_player": {"id": 4, "name": "Alice"},
    "list_ratings": {
        "game": None,
        "name": "All games",
        "year": None,
        "games": 1,
        "players": [
            {
                "place": 1,
                "player": {"id": 1, "name": "Mary"},
                "rating": 3.3,
                "mu": 27.869048680749426,
                "sigma": 8.205243377397993,
                "games": 1,
                "won": 1,
                "provisional": True,
            },
            {
                "place": 2,
                "player": {"id": 2, "name": "Tom"},
                "rating": 1.5,
                "mu": 25.717262170187357,
                "sigma": 8.058224222802378,
                "games": 1,
                "won": 0,
                "provisional": True,
            },
            {
                "place": 3,
                "player": {"id": 3, "name": "Dick"},
                "rating": -2.8,
                "mu": 21.413689149063217,
                "sigma": 8.058224222802378,
                "games": 1,
                "won": 0,
                "provisional": True,
            },
        ],
    },
    "list_nights": [
        {
            "id": 1,
            "date": "2025-12-24",
            "place": "The kitchen table",
            "notes": "Christmas Eve",
            "owner": "alice",
            "club": None,
        }
    ],
    "create_night": {
        "id": 1,
        "date": "2025-12-24",
        "place": "The kitchen table",
        "notes": "Christmas Eve",
        "confirmations": False,
        "owner": "alice",
        "club": None,
        "recorders": [],
        "games": [],
    },
    "get_night": {
        "id": 1,
        "date": "2025-12-24",
        "place": "The kitchen table",
        "notes": "Christmas Eve",
        "confirmations": True,
        "owner": "alice",
        "club": None,
        "recorders": ["bob"],
        "games": [
            {
                "id": 1,
                "night": 1,
                "game": "bridge-rummy",
                "name": "Bridge Rummy",
                "options": {
                    "game": "bridge-rummy",
                    "ace_low_value": 10,
                    "round_then_double": False,
                    "hand_rummy_own_melds_only": False,
                    "single_layoff_to_joker_needs_one_or_three": False,
                    "min_naturals_per_meld": 1,
                    "tie_break": "none",
                },
                "seats": [
                    {"seat": 0, "player": {"id": 1, "name": "Mary"}, "team": None},
                    {"seat": 1, "player": {"id": 2, "name": "Tom"}, "team": None},
                    {"seat": 2, "player": {"id": 3, "name": "Dick"}, "team": None},
                    {"seat": 3, "player": {"id": 4, "name": "Alice"}, "team": None},
                ],
                "created_at": "2025-12-24T20:00:00Z",
            },
            {
                "id": 2,
                "night": 1,
                "game": "knock-rummy",
                "name": "Knock Rummy",
                "options": {
                    "game": "knock-rummy",
                    "penalty_on_tie": True,
                    "tied_winners": "share",
                    "bonus_to_any_zero_winner": False,
                    "target": 0,
                },
                "seats": [
                    {"seat": 0, "player": {"id": 1, "name": "Mary"}, "team": None},
                    {"seat": 1, "player": {"id": 2, "name": "Tom"}, "team": None},
                    {"seat": 2, "player": {"id": 3, "name": "Dick"}, "team": None},
                ],
                "created_at": "2025-12-24T20:08:00Z",
            },
        ],
    },
    "update_night": {
        "id": 1,
        "date": "2025-12-24",
        "place": "The kitchen table",
        "notes": "Christmas Eve",
        "confirmations": True,
        "owner": "alice",
        "club": None,
        "recorders": ["bob"],
        "games": [
            {
                "id": 1,
                "night": 1,
                "game": "bridge-rummy",
                "name": "Bridge Rummy",
                "options": {
                    "game": "bridge-rummy",
                    "ace_low_value": 10,
                    "round_then_double": False,
                    "hand_rummy_own_melds_only": False,
                    "single_layoff_to_joker_needs_one_or_three": False,
                    "min_naturals_per_meld": 1,
                    "tie_break": "none",
                },
                "seats": [
                    {"seat": 0, "player": {"id": 1, "name": "Mary"}, "team": None},
                    {"seat": 1, "player": {"id": 2, "name": "Tom"}, "team": None},
                    {"seat": 2, "player": {"id": 3, "name": "Dick"}, "team": None},
                    {"seat": 3, "player": {"id": 4, "name": "Alice"}, "team": None},
                ],
                "created_at": "2025-12-24T20:00:00Z",
            },
            {
                "id": 2,
                "night": 1,
                "game": "knock-rummy",
                "name": "Knock Rummy",
                "options": {
                    "game": "knock-rummy",
                    "penalty_on_tie": True,
                    "tied_winners": "share",
                    "bonus_to_any_zero_winner": False,
                    "target": 0,
                },
                "seats": [
                    {"seat": 0, "player": {"id": 1, "name": "Mary"}, "team": None},
                    {"seat": 1, "player": {"id": 2, "name": "Tom"}, "team": None},
                    {"seat": 2, "player": {"id": 3, "name": "Dick"}, "team": None},
                ],
                "created_at": "2025-12-24T20:08:00Z",
            },
        ],
    },
    "add_recorder": {
        "id": 1,
        "date": "2025-12-24",
        "place": "The kitchen table",
        "notes": "Christmas Eve",
        "confirmations": False,
        "owner": "alice",
        "club": None,
        "recorders": ["bob"],
        "games": [],
    },
    "start_game": {
        "id": 1,
        "night": 1,
        "game": "bridge-rummy",
        "name": "Bridge Rummy",
        "options": {
            "game": "bridge-rummy",
            "ace_low_value": 10,
            "round_then_double": False,
            "hand_rummy_own_melds_only": False,
            "single_layoff_to_joker_needs_one_or_three": False,
            "min_naturals_per_meld": 1,
            "tie_break": "none",
        },
        "seats": [
            {"seat": 0, "player": {"id": 1, "name": "Mary"}, "team": None},
            {"seat": 1, "player": {"id": 2, "name": "Tom"}, "team": None},
            {"seat": 2, "player": {"id": 3, "name": "Dick"}, "team": None},
            {"seat": 3, "player": {"id": 4, "name": "Alice"}, "team": None},
        ],
        "created_at": "2025-12-24T20:00:00Z",
    },
    "get_game": {
        "id": 1,
        "night": 1,
        "game": "bridge-rummy",
        "name": "Bridge Rummy",
        "options": {
            "game": "bridge-rummy",
            "ace_low_value": 10,
            "round_then_double": False,
            "hand_rummy_own_melds_only": False,
            "single_layoff_to_joker_needs_one_or_three": False,
            "min_naturals_per_meld": 1,
            "tie_break": "none",
        },
        "seats": [
            {"seat": 0, "player": {"id": 1, "name": "Mary"}, "team": None},
            {"seat": 1, "player": {"id": 2, "name": "Tom"}, "team": None},
            {"seat": 2, "player": {"id": 3, "name": "Dick"}, "team": None},
            {"seat": 3, "player": {"id": 4, "name": "Alice"}, "team": None},
        ],
        "created_at": "2025-12-24T20:00:00Z",
    },
    "list_ledger": [
        {
            "id": 1,
            "deal": 1,
            "kind": "record",
            "data": {
                "object": "DealBridgeRummyFor4",
                "went_out": 0,
                "hand_rummy": False,
                "hands": [
                    {"seat": 1, "held": 36},
                    {"seat": 2, "held": 5},
                    {"seat": 3, "not_down": True},
                ],
            },
            "note": "",
            "supersedes": None,
            "recorded_by": "alice",
            "recorded_as": "",
            "recorded_at": "2025-12-24T20:01:00Z",
            "seat": None,
            "settles": None,
        },
        {
            "id": 2,
            "deal": 2,
            "kind": "record",
            "data": {
                "object": "DealBridgeRummyFor4",
                "went_out": 1,
                "hand_rummy": False,
                "hands": [
                    {"seat": 0, "not_down": True},
                    {"seat": 2, "held": 53},
                    {"seat": 3, "held": 25},
                ],
            },
            "note": "",
            "supersedes": None,
            "recorded_by": "alice",
            "recorded_as": "",
            "recorded_at": "2025-12-24T20:02:00Z",
            "seat": None,
            "settles": None,
        },
        {
            "id": 3,
            "deal": 1,
            "kind": "amend",
            "data": {
                "object": "DealBridgeRummyFor4",
                "went_out": 0,
                "hand_rummy": False,
                "hands": [
                    {"seat": 1, "held": 36},
                    {"seat": 2, "held": 5},
                    {"seat": 3, "not_down": True},
                ],
            },
            "note": "Tom recounted",
            "supersedes": 1,
            "recorded_by": "alice",
            "recorded_as": "",
            "recorded_at": "2025-12-24T20:03:00Z",
            "seat": None,
            "settles": None,
        },
        {
            "id": 4,
            "deal": 2,
            "kind": "dispute",
            "data": {
                "question": "settle",
                "input": {
                    "object": "AskBridgeRummySettleFor4",
                    "went_out": 1,
                    "hand_rummy": False,
                    "hands": [
                        {"seat": 0, "not_down": True},
                        {"seat": 2, "held": 53},
                        {"seat": 3, "held": 25},
                    ],
                    "players": 4,
                },
                "players": 4,
                "options": {"game": "bridge-rummy"},
                "answer": {
                    "object": "AnswerBridgeRummySettle",
                    "deal": {
                        "object": "DealBridgeRummyFor4",
                        "went_out": 1,
                        "hand_rummy": False,
                        "hands": [
                            {"seat": 0, "not_down": True},
                            {"seat": 2, "held": 53},
                            {"seat": 3, "held": 25},
                        ],
                    },
                    "results": [
                        {
                            "seat": 0,
                            "points": 100,
                            "star": False,
                            "explanation": ["never went down: 100"],
                            "detail": {},
                        },
                        {
                            "seat": 1,
                            "points": -20,
                            "star": True,
                            "explanation": ["went out: -20, and a star"],
                            "detail": {},
                        },
                        {
                            "seat": 2,
                            "points": 50,
                            "star": False,
                            "explanation": ["held 53 → 50: 5 or less rounds down"],
                            "detail": {"held": 53},
                        },
                        {
                            "seat": 3,
                            "points": 20,
                            "star": False,
                            "explanation": ["held 25 → 20: 5 or less rounds down"],
                            "detail": {"held": 25},
                        },
                    ],
                    "explanation": [
                        "Seat 1 scores 100: never went down: 100",
                        "Seat 2 scores -20: went out: -20, and a star",
                        "Seat 3 scores 50: held 53 → 50: 5 or less rounds down",
                        "Seat 4 scores 20: held 25 → 20: 5 or less rounds down",
                    ],
                },
                "summary": "Seat 1 scores 100: never went down: 100",
            },
            "note": "Dick counted again",
            "supersedes": None,
            "recorded_by": "alice",
            "recorded_as": "",
            "recorded_at": "2025-12-24T20:05:00Z",
            "seat": None,
            "settles": None,
        },
        {
            "id": 5,
            "deal": 5,
            "kind": "record",
            "data": {
                "object": "DealBridgeRummyFor4",
                "went_out": 0,
                "hand_rummy": True,
                "hands": [
                    {"seat": 1, "held": 60},
                    {"seat": 2, "not_down": True},
                    {"seat": 3, "held": 25},
                ],
            },
            "note": "",
            "supersedes": None,
            "recorded_by": "alice",
            "recorded_as": "",
            "recorded_at": "2025-12-24T20:06:00Z",
            "seat": None,
            "settles": None,
        },
        {
            "id": 6,
            "deal": 5,
            "kind": "void",
            "data": {},
            "note": "dealt twice",
            "supersedes": 5,
            "recorded_by": "alice",
            "recorded_as": "",
            "recorded_at": "2025-12-24T20:07:00Z",
            "seat": None,
            "settles": None,
        },
        {
            "id": 11,
            "deal": 11,
            "kind": "setting",
            "data": {"confirmations": True},
            "note": "",
            "supersedes": None,
            "recorded_by": "alice",
            "recorded_as": "",
            "recorded_at": "2025-12-24T20:12:00Z",
            "seat": None,
            "settles": None,
        },
        {
            "id": 13,
            "deal": 13,
            "kind": "record",
            "data": {
                "object": "DealBridgeRummyFor4",
                "went_out": 2,
                "hand_rummy": False,
                "hands": [
                    {"seat": 0, "not_down": True},
                    {"seat": 1, "held": 30},
                    {"seat": 3, "not_down": True},
                ],
            },
            "note": "",
            "supersedes": None,
            "recorded_by": "alice",
            "recorded_as": "",
            "recorded_at": "2025-12-24T20:10:00Z",
            "seat": 3,
            "settles": None,
        },
        {
            "id": 14,
            "deal": 13,
            "kind": "confirm",
            "data": {},
            "note": "",
            "supersedes": None,
            "recorded_by": "bob",
            "recorded_as": "",
            "recorded_at": "2025-12-24T20:11:00Z",
            "seat": 0,
            "settles": None,
        },
    ],
    "record_deal": {
        "id": 1,
        "deal": 1,
        "kind": "record",
        "data": {
            "object": "DealBridgeRummyFor4",
            "went_out": 0,
            "hand_rummy": False,
            "hands": [
                {"seat": 1, "held": 36},
                {"seat": 2, "held": 5},
                {"seat": 3, "not_down": True},
            ],
        },
        "note": "",
        "supersedes": None,
        "recorded_by": "alice",
        "recorded_as": "",
        "recorded_at": "2025-12-24T20:01:00Z",
        "seat": None,
        "settles": None,
    },
    "amend_deal": {
        "id": 3,
        "deal": 1,
        "kind": "amend",
        "data": {
            "object": "DealBridgeRummyFor4",
            "went_out": 0,
            "hand_rummy": False,
            "hands": [
                {"seat": 1, "held": 36},
                {"seat": 2, "held": 5},
                {"seat": 3, "not_down": True},
            ],
        },
        "note": "Tom recounted",
        "supersedes": 1,
        "recorded_by": "alice",
        "recorded_as": "",
        "recorded_at": "2025-12-24T20:03:00Z",
        "seat": None,
        "settles": None,
    },
    "void_deal": {
        "id": 6,
        "deal": 5,
        "kind": "void",
        "data": {},
        "note": "dealt twice",
        "supersedes": 5,
        "recorded_by": "alice",
        "recorded_as": "",
        "recorded_at": "2025-12-24T20:07:00Z",
        "seat": None,
        "settles": None,
    },
    "confirm_deal": {
        "id": 14,
        "deal": 13,
        "kind": "confirm",
        "data": {},
        "note": "",
        "supersedes": None,
        "recorded_by": "bob",
        "recorded_as": "",
        "recorded_at": "2025-12-24T20:11:00Z",
        "seat": 0,
        "settles": None,
    },
    "dispute_deal": {
        "ruling": DISPUTE_RULING,
        "entry": {
            "id": 4,
            "deal": 2,
            "kind": "dispute",
            "data": {
                "question": "settle",
                "input": {
                    "object": "AskBridgeRummySettleFor4",
                    "went_out": 1,
                    "hand_rummy": False,
                    "hands": [
                        {"seat": 0, "not_down": True},
                        {"seat": 2, "held": 53},
                        {"seat": 3, "held": 25},
                    ],
                    "players": 4,
                },
                "players": 4,
                "options": {"game": "bridge-rummy"},
                "answer": {
                    "object": "AnswerBridgeRummySettle",
                    "deal": {
                        "object": "DealBridgeRummyFor4",
                        "went_out": 1,
                        "hand_rummy": False,
                        "hands": [
                            {"seat": 0, "not_down": True},
                            {"seat": 2, "held": 53},
                            {"seat": 3, "held": 25},
                        ],
                    },
                    "results": [
                        {
                            "seat": 0,
                            "points": 100,
                            "star": False,
                            "explanation": ["never went down: 100"],
                            "detail": {},
                        },
                        {
                            "seat": 1,
                            "points": -20,
                            "star": True,
                            "explanation": ["went out: -20, and a star"],
                            "detail": {},
                        },
                        {
                            "seat": 2,
                            "points": 50,
                            "star": False,
                            "explanation": ["held 53 → 50: 5 or less rounds down"],
                            "detail": {"held": 53},
                        },
                        {
                            "seat": 3,
                            "points": 20,
                            "star": False,
                            "explanation": ["held 25 → 20: 5 or less rounds down"],
                            "detail": {"held": 25},
                        },
                    ],
                    "explanation": [
                        "Seat 1 scores 100: never went down: 100",
                        "Seat 2 scores -20: went out: -20, and a star",
                        "Seat 3 scores 50: held 53 → 50: 5 or less rounds down",
                        "Seat 4 scores 20: held 25 → 20: 5 or less rounds down",
                    ],
                },
                "summary": "Seat 1 scores 100: never went down: 100",
            },
            "note": "Dick counted again",
            "supersedes": None,
            "recorded_by": "alice",
            "recorded_as": "",
            "recorded_at": "2025-12-24T20:05:00Z",
            "seat": None,
            "settles": None,
        },
    },
    "get_standings": STANDINGS,
    "end_game": _ended(STANDINGS),
    "undo_game_end": STANDINGS,
    "list_game_types": [
        {
            "slug": "gamblers-rummy",
            "name": "Gambler's Rummy",
            "min_players": 4,
            "max_players": 4,
            "lower_is_better": False,
            "options": [
                {
                    "name": "lowest_count_wins_on_refusal",
                    "kind": "bool",
                    "default": False,
                    "choices": [],
                    "labels": [],
                    "minimum": None,
                    "maximum": None,
                    "doc": "When a refusal of the top discard ends the hand, the "
                    "lowest unmatched count collects from each other player "
                    "the difference (tied lowest share it), instead of a "
                    "dead hand.",
                    "rule": "G-1",
                },
                {
                    "name": "target",
                    "kind": "int",
                    "default": 0,
                    "choices": [],
                    "labels": [],
                    "minimum": 0,
                    "maximum": 10000,
                    "doc": "Play to this many points net (0: no target; each hand "
                    "is settled on its own and the table keeps a running "
                    "net).",
                    "rule": "P-3",
                },
            ],
            "questions": {
                "meld": "Is this a meld in Gambler's Rummy (ace low, sets of 3 or 4)?",
                "deadwood": "The best melding of a hand and its unmatched "
                "count (what G-1 compares).",
                "settle": "Who pays whom for one hand, from the raw entries?",
                "declare": "May this declaration be made now, and does it go "
                "out? (Never the whole hand in one turn.)",
                "deal": "How many packs and jokers, how many cards to each "
                "player, and what is left for the stock and the "
                "discard pile, at this table?",
            },
            "question_inputs": [
                {
                    "name": "meld",
                    "summary": "Is this a meld in Gambler's Rummy (ace low, sets of 3 or 4)?",
                    "takes_players": False,
                    "tables": [
                        {
                            "players": 4,
                            "fields": [
                                {
                                    "key": "cards",
                                    "kind": "cards",
                                    "label": "The meld",
                                    "help": "",
                                    "min_cards": 0,
                                    "max_cards": 13,
                                    "widget": "picker",
                                    "shape": None,
                                    "required": True,
                                }
                            ],
                            "ways": [],
                            "example": {"object": "AskGamblersRummyMeld", "cards": "5H 6H 7H"},
                        }
                    ],
                },
                {
                    "name": "deadwood",
                    "summary": "The best melding of a hand and its "
                    "unmatched count (what G-1 compares).",
                    "takes_players": False,
                    "tables": [
                        {
                            "players": 4,
                            "fields": [
                                {
                                    "key": "cards",
                                    "kind": "cards",
                                    "label": "The hand",
                                    "help": "",
                                    "min_cards": 0,
                                    "max_cards": 8,
                                    "widget": "picker",
                                    "shape": None,
                                    "required": True,
                                },
                                {
                                    "key": "claimed",
                                    "kind": "count",
                                    "label": "The count claimed",
                                    "help": "",
                                    "minimum": 0,
                                    "maximum": 1000,
                                    "required": False,
                                },
                            ],
                            "ways": [],
                            "example": {
                                "object": "AskGamblersRummyDeadwood",
                                "cards": "5H 6H 7H KS 2C",
                                "claimed": 12,
                            },
                        }
                    ],
                },
                {
                    "name": "settle",
                    "summary": "Who pays whom for one hand, from the raw entries?",
                    "takes_players": True,
                    "tables": [
                        {
                            "players": 4,
                            "fields": [
                                {
                                    "key": "went_out",
                                    "kind": "seat",
                                    "label": "Who went out?",
                                    "help": "",
                                    "optional": False,
                                    "none_label": "Nobody",
                                    "required": False,
                                },
                                {
                                    "key": "refused",
                                    "kind": "seat",
                                    "label": "Who refused the top discard?",
                                    "help": "after the stock ran out: the hand ends there",
                                    "optional": False,
                                    "none_label": "Nobody",
                                    "required": False,
                                },
                                {
                                    "key": "hands",
                                    "kind": "per_seat",
                                    "label": "What each other player held",
                                    "help": "",
                                    "skip": "went_out",
                                    "entries": [
                                        {
                                            "key": "cards",
                                            "kind": "cards",
                                            "label": "Cards",
                                            "help": "",
                                            "min_cards": 1,
                                            "max_cards": 7,
                                            "widget": "picker",
                                            "shape": None,
                                        },
                                        {
                                            "key": "held",
                                            "kind": "count",
                                            "label": "Count in hand",
                                            "help": "",
                                            "minimum": 1,
                                            "maximum": 70,
                                        },
                                    ],
                                    "required": False,
                                },
                            ],
                            "ways": [
                                {
                                    "key": "out",
                                    "label": "A player went out",
                                    "fields": ["went_out", "hands"],
                                },
                                {
                                    "key": "refused",
                                    "label": "The top discard was refused: dead hand",
                                    "fields": ["refused"],
                                },
                            ],
                            "example": {
                                "object": "AskGamblersRummySettleOut",
                                "went_out": 3,
                                "hands": [
                                    {"seat": 0, "cards": "10C 3H 5D"},
                                    {"seat": 1, "cards": "2H 9H 9D 9C"},
                                    {"seat": 2, "held": 34},
                                ],
                                "players": 4,
                            },
                        }
                    ],
                },
                {
                    "name": "declare",
                    "summary": "May this declaration be made now, and does "
                    "it go out? (Never the whole hand in one "
                    "turn.)",
                    "takes_players": False,
                    "tables": [
                        {
                            "players": 4,
                            "fields": [
                                {
                                    "key": "hand",
                                    "kind": "cards",
                                    "label": "The hand, after the draw",
                                    "help": "",
                                    "min_cards": 0,
                                    "max_cards": 15,
                                    "widget": "picker",
                                    "shape": None,
                                    "required": True,
                                },
                                {
                                    "key": "melds",
                                    "kind": "melds",
                                    "label": "Melds declared this turn",
                                    "help": "one meld a line",
                                    "most": 8,
                                    "max_cards": 14,
                                    "required": False,
                                },
                                {
                                    "key": "layoffs",
                                    "kind": "layoffs",
                                    "label": "Lay-offs this turn",
                                    "help": "",
                                    "most": 6,
                                    "max_cards": 14,
                                    "required": False,
                                },
                                {
                                    "key": "discard",
                                    "kind": "cards",
                                    "label": "The discard (if any)",
                                    "help": "",
                                    "min_cards": 0,
                                    "max_cards": 1,
                                    "widget": "picker",
                                    "shape": None,
                                    "required": False,
                                },
                                {
                                    "key": "taken",
                                    "kind": "cards",
                                    "label": "Cards taken from the discard pile this turn",
                                    "help": "",
                                    "min_cards": 0,
                                    "max_cards": 15,
                                    "widget": "picker",
                                    "shape": None,
                                    "required": False,
                                },
                                {
                                    "key": "declared_before",
                                    "kind": "flag",
                                    "label": "Declared or laid off on an earlier turn of this hand",
                                    "help": "",
                                    "required": False,
                                },
                            ],
                            "ways": [],
                            "example": {
                                "object": "AskGamblersRummyDeclare",
                                "hand": "5H 6H 7H 9C 9S 9D KC",
                                "melds": ["5H 6H 7H", "9C 9S 9D"],
                                "discard": "KC",
                                "declared_before": True,
                            },
                        }
                    ],
                },
                {
                    "name": "deal",
                    "summary": "How many packs and jokers, how many cards "
                    "to each player, and what is left for the "
                    "stock and the discard pile, at this table?",
                    "takes_players": True,
                    "tables": [
                        {
                            "players": 4,
                            "fields": [],
                            "ways": [],
                            "example": {"object": "AskGamblersRummyDeal", "players": 4},
                        }
                    ],
                },
            ],
            "family": "rummy",
            "marks": [],
            "tables": [
                {
                    "players": 4,
                    "sides": [],
                    "end": {"kind": "open"},
                    "record": {
                        "fields": [
                            {
                                "key": "went_out",
                                "kind": "seat",
                                "label": "Who went out?",
                                "help": "",
                                "optional": False,
                                "none_label": "Nobody",
                            },
                            {
                                "key": "refused",
                                "kind": "seat",
                                "label": "Who refused the top discard?",
                                "help": "after the stock ran out: the hand ends there",
                                "optional": False,
                                "none_label": "Nobody",
                            },
                            {
                                "key": "hands",
                                "kind": "per_seat",
                                "label": "What each other player held",
                                "help": "",
                                "skip": "went_out",
                                "entries": [
                                    {
                                        "key": "cards",
                                        "kind": "cards",
                                        "label": "Cards",
                                        "help": "",
                                        "min_cards": 1,
                                        "max_cards": 7,
                                        "widget": "picker",
                                        "shape": None,
                                    },
                                    {
                                        "key": "held",
                                        "kind": "count",
                                        "label": "Count in hand",
                                        "help": "",
                                        "minimum": 1,
                                        "maximum": 70,
                                    },
                                ],
                            },
                        ],
                        "ways": [
                            {
                                "key": "out",
                                "label": "A player went out",
                                "fields": ["went_out", "hands"],
                            },
                            {
                                "key": "refused",
                                "label": "The top discard was refused: dead hand",
                                "fields": ["refused"],
                            },
                        ],
                    },
                }
            ],
        }
    ],
    "list_rulings": [SAVED_RULING, DISPUTE_RULING],
    "save_ruling": SAVED_RULING,
    # Everything the account sees: its one night, exported a little later.
    "export_everything": {**EXPORT, "exported_at": "2025-12-24T20:36:00Z"},
    "export_night": EXPORT,
    "import_nights": {
        "nights": [
            {
                "id": 1,
                "date": "2025-12-24",
                "place": "The kitchen table",
                "url": "/nights/1/",
                "already_here": True,
            }
        ]
    },
    "list_profiles": [
        {
            "id": 1,
            "game": "knock-rummy",
            "game_name": "Knock Rummy",
            "name": "Friday club",
            "options": {
                "game": "knock-rummy",
                "penalty_on_tie": True,
                "tied_winners": "share",
                "bonus_to_any_zero_winner": False,
                "target": 0,
            },
            "differences": [
                {
                    "name": "penalty_on_tie",
                    "label": "Penalty on tie",
                    "rule": "K-1",
                    "sentence": "A knocker tied for lowest by another player "
                    "also pays the 10 penalty (by default only a "
                    "knocker who is not lowest at all pays it).",
                    "doc": "A knocker tied for lowest by another player also "
                    "pays the 10 penalty (by default only a knocker who "
                    "is not lowest at all pays it).",
                    "default": False,
                    "value": True,
                    "default_shown": "off",
                    "value_shown": "on",
                }
            ],
            "created_at": "2025-12-24T20:31:00Z",
            "updated_at": "2025-12-24T20:33:00Z",
        }
    ],
    "create_profile": {
        "id": 1,
        "game": "knock-rummy",
        "game_name": "Knock Rummy",
        "name": "Friday nights",
        "options": {
            "game": "knock-rummy",
            "penalty_on_tie": True,
            "tied_winners": "share",
            "bonus_to_any_zero_winner": False,
            "target": 0,
        },
        "differences": [
            {
                "name": "penalty_on_tie",
                "label": "Penalty on tie",
                "rule": "K-1",
                "sentence": "A knocker tied for lowest by another player "
                "also pays the 10 penalty (by default only a "
                "knocker who is not lowest at all pays it).",
                "doc": "A knocker tied for lowest by another player also "
                "pays the 10 penalty (by default only a knocker who "
                "is not lowest at all pays it).",
                "default": False,
                "value": True,
                "default_shown": "off",
                "value_shown": "on",
            }
        ],
        "created_at": "2025-12-24T20:31:00Z",
        "updated_at": "2025-12-24T20:32:00Z",
    },
    "get_profile": {
        "id": 1,
        "game": "knock-rummy",
        "game_name": "Knock Rummy",
        "name": "Friday nights",
        "options": {
            "game": "knock-rummy",
            "penalty_on_tie": True,
            "tied_winners": "share",
            "bonus_to_any_zero_winner": False,
            "target": 0,
        },
        "differences": [
            {
                "name": "penalty_on_tie",
                "label": "Penalty on tie",
                "rule": "K-1",
                "sentence": "A knocker tied for lowest by another player also "
                "pays the 10 penalty (by default only a knocker who "
                "is not lowest at all pays it).",
                "doc": "A knocker tied for lowest by another player also pays "
                "the 10 penalty (by default only a knocker who is not "
                "lowest at all pays it).",
                "default": False,
                "value": True,
                "default_shown": "off",
                "value_shown": "on",
            }
        ],
        "created_at": "2025-12-24T20:31:00Z",
        "updated_at": "2025-12-24T20:32:00Z",
    },
    "update_profile": {
        "id": 1,
        "game": "knock-rummy",
        "game_name": "Knock Rummy",
        "name": "Friday club",
        "options": {
            "game": "knock-rummy",
            "penalty_on_tie": True,
            "tied_winners": "share",
            "bonus_to_any_zero_winner": False,
            "target": 0,
        },
        "differences": [
            {
                "name": "penalty_on_tie",
                "label": "Penalty on tie",
                "rule": "K-1",
                "sentence": "A knocker tied for lowest by another player "
                "also pays the 10 penalty (by default only a "
                "knocker who is not lowest at all pays it).",
                "doc": "A knocker tied for lowest by another player also "
                "pays the 10 penalty (by default only a knocker who "
                "is not lowest at all pays it).",
                "default": False,
                "value": True,
                "default_shown": "off",
                "value_shown": "on",
            }
        ],
        "created_at": "2025-12-24T20:31:00Z",
        "updated_at": "2025-12-24T20:33:00Z",
    },
    "get_join_link": {"active": True, "created_at": "2025-12-24T20:34:00Z"},
    "make_join_link": {
        "url": "http://testserver/join/Xq3vT0aLk9bY2mRw8sNcE1pUoZ4hJ6gF7dKiQ5tVyA0/",
        "token": "Xq3vT0aLk9bY2mRw8sNcE1pUoZ4hJ6gF7dKiQ5tVyA0",
        "created_at": "2025-12-24T20:34:00Z",
    },
    "list_night_people": [
        {"username": "alice", "role": "owner"},
        {"username": "bob", "role": "recorder"},
        {"username": "carol", "role": "recorder"},
    ],
    "change_role": {"username": "carol", "role": "recorder"},
    "join_night": {"night": 1, "role": "viewer"},
    "list_tokens": [
        {
            "id": 1,
            "name": "Scoreboard script",
            "prefix": "Rk2pWm8x",
            "created_at": "2025-12-24T20:35:00Z",
            "last_used_at": None,
        }
    ],
    "create_token": {
        "id": 1,
        "name": "Scoreboard script",
        "prefix": "Rk2pWm8x",
        "created_at": "2025-12-24T20:35:00Z",
        "last_used_at": None,
        "token": "sk_Rk2pWm8xT3vYq9LcZ0aN5bHs7dJfGu1eKo4iMtVw6yE",
    },
    # clubs (issue 29)
    "list_clubs": [THURSDAY],
    "create_club": {**THURSDAY, "members": 1, "players": 0, "nights": 0, "seasons": 0},
    "get_club": THURSDAY,
    "rename_club": {**THURSDAY, "name": "Thursday Brus, Visby"},
    "list_club_members": [
        {"user": 1, "username": "ann", "role": "organiser", "joined_at": "2026-09-01T18:00:00Z"},
        {"user": 2, "username": "ben", "role": "recorder", "joined_at": "2026-09-01T18:20:00Z"},
        {"user": 3, "username": "cy", "role": "member", "joined_at": "2026-09-01T18:21:00Z"},
    ],
    "change_member_role": {
        "user": 2,
        "username": "ben",
        "role": "recorder",
        "joined_at": "2026-09-01T18:20:00Z",
    },
    "list_club_invites": [INVITE],
    "make_club_invite": {
        **INVITE,
        "token": CLUB_TOKEN,
        "url": f"http://testserver/clubs/join/{CLUB_TOKEN}/",
    },
    "join_club": {"club": {"id": 3, "name": "Thursday Brus"}, "role": "member", "joined": True},
    "list_club_players": [
        {"id": 6, "name": "Ann", "person": "ann"},
        {"id": 8, "name": "Ben", "person": None},
        {"id": 7, "name": "Cecilia", "person": "cy"},
    ],
    "create_club_player": {**CY, "person": None},
    "claim_player": CLAIM,
    "list_player_claims": [CLAIM],
    "answer_player_claim": {**CLAIM, "answered_at": "2026-09-03T19:30:00Z", "confirmed": True},
    "list_merges": [MERGE],
    "merge_players": MERGE,
    "undo_merge": {**MERGE, "undone_by": "ann", "undone_at": "2026-09-05T10:00:00Z"},
    "review_move_in": [
        {"player": {"id": 1, "name": "Cecilia"}, "match": {"id": 7, "name": "Cecilia"}},
        {"player": {"id": 2, "name": "Dag"}, "match": None},
    ],
    "move_nights_in": [
        {
            "id": 1,
            "date": "2026-08-27",
            "place": "Ann's kitchen",
            "notes": "",
            "owner": "ann",
            "club": {"id": 3, "name": "Thursday Brus"},
        }
    ],
    "list_seasons": [
        AUTUMN,
        {
            "id": 1,
            "name": "Summer 2026",
            "starts": "2026-06-01",
            "ends": "2026-08-31",
            "current": False,
            "finished": True,
        },
    ],
    "create_season": AUTUMN,
    "end_season": {**AUTUMN, "ends": "2026-11-29"},
    "get_club_leaderboard": CLUB_BOARD,
    "get_season_table": {
        "season": {**AUTUMN, "ends": "2026-11-29", "current": False, "finished": True},
        "nights": 12,
        "champion": {"id": 7, "name": "Cecilia"},
        "leaderboard": CLUB_BOARD,
    },
    "list_club_player_ratings": CECILIA_RATINGS,
    "get_club_player_record": CECILIA_RECORD,
    "get_club_player_rivals": CECILIA_RIVALS,
    "get_me": {
        "players": [{"id": 7, "name": "Cecilia", "club": {"id": 3, "name": "Thursday Brus"}}],
        "nights": 1,
        "ratings": CECILIA_RATINGS,
        "record": CECILIA_RECORD,
        "rivals": CECILIA_RIVALS,
    },
}


def document(paths: dict[str, Any], schemas: dict[str, Any]) -> None:
    """Each operation's example request body and success answers, where it has one; each
    question's from its game (its sample input, and what the adjudicator answers to it); each
    game's deal, the game's sample deal. Every one says what it is (``object``), as the API's
    answers do."""
    for operations in paths.values():
        for operation in operations.values():
            name = operation.get("operationId")
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            # A media type takes `example` or `examples`, never both: a view's own stand.
            if body is not None and name in REQUESTS and "examples" not in body:
                body["example"] = REQUESTS[name]
            for code, answer in operation.get("responses", {}).items():
                media = answer.get("content", {}).get("application/json")
                if (
                    code.startswith("2")
                    and media is not None
                    and name in RESPONSES
                    and "examples" not in media
                ):
                    media["example"] = RESPONSES[name]
    # Here, not above: the views are made with the schema's AutoSchema, so they import this
    # module's importer.
    from scorekeeper.api.questions import adjudicated

    for game, question, asked in questions():
        assert asked.asks is not None
        options = game.options()
        sample = dict(asked.asks.example(game.max_players, options))
        if asked.asks.players:
            sample["players"] = game.max_players
        body = shapes.question_shaped(game.slug, question, options, game.max_players, sample)
        schemas[ask_component(game.slug, question)]["example"] = body
        operation = paths[f"/api/v1/adjudicate/{game.slug}/{question}/"]["post"]
        operation["responses"]["200"]["content"]["application/json"]["example"] = adjudicated(
            game.slug, question, sample
        )
    for game in all_games():
        size, options = game.max_players, game.options()
        deal = game.sample_deal(players=size, options=options, number=1)
        schemas[deal_component(game.slug)]["example"] = shapes.deal_shaped(
            game.slug,
            options,
            size,
            game.deal_as_data(
                game.parse_deal(deal, players=size, options=options), players=size, options=options
            ),
        )
