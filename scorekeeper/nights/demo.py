"""The demo game night: the Bridge Rummy Sample Score Card from the rules text, deals 1 to 6.

Used by ``manage.py load_demo`` and by the tests that reproduce the score card.
"""

from __future__ import annotations

from typing import Any

# shared/rulings.md 3c: seats Mary, Tom, Dick, Alice; held counts chosen inside the ranges that
# reproduce each deal's charges.
SAMPLE_PLAYERS = ("Mary", "Tom", "Dick", "Alice")
SAMPLE_DEALS: tuple[dict[str, Any], ...] = (
    {
        "went_out": 0,
        "hands": [{"seat": 1, "held": 36}, {"seat": 2, "held": 5}, {"seat": 3, "not_down": True}],
    },
    {
        "went_out": 1,
        "hands": [{"seat": 0, "not_down": True}, {"seat": 2, "held": 53}, {"seat": 3, "held": 25}],
    },
    {
        "went_out": 0,
        "hand_rummy": True,
        "hands": [{"seat": 1, "held": 60}, {"seat": 2, "not_down": True}, {"seat": 3, "held": 25}],
    },
    {
        "went_out": 2,
        "hands": [
            {"seat": 0, "not_down": True},
            {"seat": 1, "held": 30},
            {"seat": 3, "not_down": True},
        ],
    },
    {
        "went_out": 0,
        "hands": [{"seat": 1, "held": 30}, {"seat": 2, "held": 10}, {"seat": 3, "held": 50}],
    },
    {
        "went_out": 1,
        "hands": [
            {"seat": 0, "cards": "KS QH 10D 9C"},
            {"seat": 2, "held": 10},
            {"seat": 3, "not_down": True},
        ],
    },
)
# Running totals after each deal, as printed on the card.
SAMPLE_TOTALS = (
    (-20, 40, 0, 100),
    (80, 20, 50, 120),
    (40, 140, 250, 170),
    (140, 170, 230, 270),
    (120, 200, 240, 320),
    (160, 180, 250, 420),
)
