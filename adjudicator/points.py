"""Points as numbers and as a person writes them: whole, or an exact fraction shown as ``3½``.

The bottom of the engine: every tally holds :data:`Points`, and every sentence that quotes a
score writes it with :func:`format_points`.
"""

from __future__ import annotations

from fractions import Fraction

type Points = int | Fraction
"""Points are whole numbers, except where a game shares a payment between tied winners
(Knock Rummy's K-2: "the result can be fractional"); then they are exact fractions."""

_VULGAR = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 5): "⅕",
    Fraction(2, 5): "⅖",
    Fraction(3, 5): "⅗",
    Fraction(4, 5): "⅘",
    Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚",
}


def whole(points: Points) -> Points:
    """A fraction that is a whole number becomes an ``int`` (so ``7`` never shows as ``7/1``).

    >>> whole(Fraction(14, 2)), whole(Fraction(7, 2))
    (7, Fraction(7, 2))
    """
    if isinstance(points, Fraction) and points.denominator == 1:
        return int(points)
    return points


def format_points(points: Points, *, signed: bool = False) -> str:
    """Points as a person writes them: ``12``, ``+12``, ``3½``, ``-2⅓``, ``4 7/12``.

    Signed, as beside a name for one deal, nothing scored is ``+0``.

    >>> format_points(12), format_points(12, signed=True), format_points(0, signed=True)
    ('12', '+12', '+0')
    >>> format_points(Fraction(7, 2)), format_points(Fraction(-7, 3), signed=True)
    ('3½', '-2⅓')
    >>> format_points(Fraction(55, 12)), format_points(Fraction(-1, 2))
    ('4 7/12', '-½')

    A float (points that went through JSON, :func:`points_json`) is read back as the fraction
    it stood for: ``format_points(3.3333) == "3⅓"``.
    """
    if isinstance(points, float):
        points = Fraction(points).limit_denominator(60)
    points = whole(points)
    sign = "-" if points < 0 else "+" if signed else ""
    size: Points = -points if points < 0 else points
    if isinstance(size, int):
        return f"{sign}{size}"
    units = int(size)
    part = Fraction(size) - units
    shown = _VULGAR.get(part)
    if shown is not None:
        return f"{sign}{units or ''}{shown}"
    fraction = f"{part.numerator}/{part.denominator}"
    return f"{sign}{units} {fraction}" if units else f"{sign}{fraction}"
