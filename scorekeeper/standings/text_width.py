"""How wide a text is drawn, so that a picture drawn on the server (a result card, a chart) can
fit its lines without a browser to measure them.

The widths are DejaVu Sans's advances, Book and Bold, as Chromium draws them (measured with a
canvas at 1000 px): the font a Linux phone or desktop falls back to for ``system-ui`` and
``sans-serif``, and a wide one: Roboto, San Francisco, Segoe UI and Arial set the same text
narrower (Arial by about a tenth), so a line measured here fits on any of them. A character
the table lacks is taken by its letters without accents (``é`` as ``e``), a vulgar fraction as
``½``, anything else as a full em (a wide East Asian character or an emoji, a quarter more).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Advances in thousandths of an em, for the printable ASCII characters " " to "~" in order.
_BOOK = (
    "318 401 460 838 636 950 780 275 390 390 500 838 318 361 318 337 636 636 636 636 636 636 "
    "636 636 636 636 337 337 838 838 838 531 1000 684 686 698 770 632 575 775 752 295 295 656 "
    "557 863 748 787 603 787 695 635 611 732 684 989 685 611 685 390 337 390 838 500 500 613 "
    "635 550 635 615 352 635 634 278 278 579 278 974 634 612 635 635 411 521 392 634 592 818 "
    "592 592 525 636 337 636 838"
)
_BOLD = (
    "348 456 521 838 696 1002 872 306 457 457 523 838 380 415 380 365 696 696 696 696 696 696 "
    "696 696 696 696 400 400 838 838 838 580 1000 774 762 734 830 683 683 821 837 372 372 775 "
    "637 995 837 850 733 850 770 720 682 812 774 1103 771 724 725 457 365 457 838 500 500 675 "
    "716 593 716 678 435 716 712 343 343 665 343 1042 712 687 716 716 493 595 478 712 652 924 "
    "645 652 582 712 365 712 838"
)
# The few others the app writes on its pictures: the ellipsis that marks a cut, dashes and the
# minus, a half point, the brand's spade, arrows and quotes: (Book, Bold).
_OTHERS = {
    "…": (1000, 1000),
    "\N{EN DASH}": (500, 500),
    "—": (1000, 1000),
    "\N{MINUS SIGN}": (838, 838),
    "½": (969, 1035),
    "·": (318, 380),
    "♠": (896, 896),
    "♥": (896, 896),
    "♦": (896, 896),
    "♣": (896, 896),
    "♛": (896, 896),
    "→": (838, 838),
    "\N{LEFT SINGLE QUOTATION MARK}": (318, 380),
    "\N{RIGHT SINGLE QUOTATION MARK}": (318, 380),
    "“": (518, 657),
    "”": (518, 657),
    "\N{MULTIPLICATION SIGN}": (838, 838),
}
_EM = 1000
_WIDE = 1250  # a wide East Asian character or an emoji: a full em, and a margin for emoji

_TABLES = (
    {chr(32 + i): int(w) for i, w in enumerate(_BOOK.split())},
    {chr(32 + i): int(w) for i, w in enumerate(_BOLD.split())},
)
ELLIPSIS = "…"


@lru_cache(maxsize=4096)
def _advance(char: str, bold: bool) -> int:
    """One character's advance, in thousandths of an em."""
    known = _TABLES[bold].get(char)
    if known is not None:
        return known
    if char in _OTHERS:
        return _OTHERS[char][bold]
    category = unicodedata.category(char)
    if category in ("Mn", "Me", "Cf", "Cc"):  # accents drawn over a letter, joiners: no width
        return 0
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return _WIDE
    if unicodedata.name(char, "").startswith("VULGAR FRACTION"):
        return _OTHERS["½"][bold]
    bare = unicodedata.normalize("NFKD", char)
    if bare != char and all(c in _TABLES[bold] or unicodedata.combining(c) for c in bare):
        return sum(_advance(c, bold) for c in bare)
    return _EM


def width(text: str, size: float, *, bold: bool = False) -> float:
    """How many px ``text`` takes at ``size`` px.

    >>> width("Ann", 10), width("Ann", 10, bold=True), width("Zoë", 10) == width("Zoe", 10)
    (19.52, 21.98, True)
    """
    return _ems(text, bold) * size / _EM


@lru_cache(maxsize=8192)
def _ems(text: str, bold: bool) -> int:
    """A text's advance in thousandths of an em (a word is measured once, at every size)."""
    return sum(_advance(char, bold) for char in text)


def cut(text: str, room: float, size: float, *, bold: bool = False) -> str:
    """``text`` as it fits in ``room`` px: whole, or cut at the last letter that leaves room
    for the ellipsis that marks the cut.

    >>> cut("Bartholomew", 60, 10), cut("Bo", 60, 10)
    ('Bartholo…', 'Bo')
    """
    if width(text, size, bold=bold) <= room:
        return text
    room -= width(ELLIPSIS, size, bold=bold)
    kept, used = 0, 0.0
    for char in text:
        used += _advance(char, bold) * size / _EM
        if used > room:
            break
        kept += 1
    return text[:kept].rstrip() + ELLIPSIS


def wrap(
    text: str, room: float, size: float, *, bold: bool = False, lines: int = 2, even: bool = False
) -> list[str]:
    """``text`` broken between words into at most ``lines`` lines of ``room`` px each; what
    does not fit in them is cut from the last (a word wider than a line, too).

    >>> wrap("4. Brus: still going, Ann and Cy lead on 3", 150, 10)
    ['4. Brus: still going, Ann and', 'Cy lead on 3']
    >>> wrap("Ann won, up 35", 500, 10), wrap("one two three four", 40, 10)
    (['Ann won, up 35'], ['one', 'two t…'])

    ``even``: lines of about the same length rather than a full line and a word.

    >>> wrap("Cy won 2 of 3 finished games", 120, 10, even=True)
    ['Cy won 2 of 3', 'finished games']
    """
    if even and lines > 1:
        taken = len(wrap(text, room, size, bold=bold, lines=lines + 1))
        if 1 < taken <= lines:  # the narrowest room that takes no more lines
            low, high = room / taken, room
            while high - low > 1:
                middle = (low + high) / 2
                fits = len(wrap(text, middle, size, bold=bold, lines=taken + 1)) <= taken
                low, high = (low, middle) if fits else (middle, high)
            room = high
    words = text.split()
    space = width(" ", size, bold=bold)
    wide = [width(word, size, bold=bold) for word in words]  # each word measured once
    drawn: list[str] = []
    start = 0
    while start < len(words) and len(drawn) < lines:
        end, used = start + 1, wide[start]
        while end < len(words) and used + space + wide[end] <= room:
            used += space + wide[end]
            end += 1
        drawn.append(" ".join(words[start:end]))
        start = end
    if start < len(words):  # more than the lines hold: the last line takes the rest, cut
        drawn[-1] = f"{drawn[-1]} {' '.join(words[start:])}"
    return [cut(line, room, size, bold=bold) for line in drawn]
