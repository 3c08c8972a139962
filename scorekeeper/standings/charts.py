"""Charts drawn on the server as SVG: no chart service, no script, works offline and prints.

:func:`tally_chart` lays out a game's running tally as a line chart, one line per scoring unit
(a player, or a side), and gives the template the coordinates, the labels, an accessible title
and description, and the numbers as a table for anyone who would rather read them.
:func:`ladder_chart` draws a game to an exact target (Voormsi's ladder) as the table draws it.
A unit keeps one colour and dash (``series-N`` in app.css) in both.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from adjudicator.tally import Points, format_points
from scorekeeper.standings import text_width
from scorekeeper.standings.scoreboard import Standings

WIDTH, HEIGHT = 360, 220
LEFT, TOP, BOTTOM = 40, 14, 30
# The line labels sit right of the plot, which gives up as much width as the longest needs,
# measured at the chart's 11 px (600, drawn bold) by the widths of text_width, which are those
# of the widest font the stack falls back to: every label stays inside the drawing.
FONT = 11  # px, app.css: .tally-chart svg
LABEL_ROOM = 104  # px a name at a line's end may take ("Crummy Rummy" fits; longer is cut)
LABEL_OFFSET = 6  # px from a line's end to its label
LABEL_GAP = 14  # px between two line labels' middles: a line of 11 px text is 12.8 px high
AXIS_GAP = 6  # px at least between two labels of the x-axis
SERIES_STYLES = 6  # colours and dash patterns in app.css (.series-0 … .series-5)
# A game's chart draws at most this many deals (every second one, every third…, and the last):
# the plot is under 300 px wide, and a long game's page stays small (issue 26: 1,500 deals).
DRAWN_DEALS = 100


def _nice_step(span: float, ticks: int = 4) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` gridlines.

    >>> _nice_step(100), _nice_step(7), _nice_step(0.5)
    (50, 2, 0.2)
    """
    raw = span / ticks if span > 0 else 1
    power: float = 10 ** math.floor(math.log10(raw))
    for nice in (1, 2, 5, 10):
        if raw <= nice * power:
            step = nice * power
            return int(step) if step >= 1 else round(step, 10)
    return 10 * power  # pragma: no cover - 10 always fits


def _spread(wanted: list[float], low: float, high: float, gap: float = LABEL_GAP) -> list[float]:
    """Positions as close to ``wanted`` as may be, at least ``gap`` apart, within ``low`` and
    ``high`` where there is room: labels that would overlap are set ``gap`` apart around the
    middle of where they want to be, as one block, and blocks that then meet merge.

    >>> _spread([50, 52, 100], 0, 200)
    [44.0, 58.0, 100.0]
    >>> _spread([190, 190], 18, 194)  # tied at the bottom: apart, inside
    [180.0, 194.0]
    >>> _spread([100, 100, 101, 30], 18, 194)
    [86.33333333333333, 100.33333333333333, 114.33333333333333, 30.0]
    """
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    blocks: list[list[int]] = []
    tops: list[float] = []
    for index in order:
        blocks.append([index])
        tops.append(wanted[index])
        while True:
            block = blocks[-1]
            span = gap * (len(block) - 1)
            middle = sum(wanted[i] for i in block) / len(block)
            tops[-1] = max(low, min(middle - span / 2, high - span))
            if len(blocks) > 1 and tops[-2] + gap * len(blocks[-2]) > tops[-1]:
                blocks[-2:] = [blocks[-2] + blocks[-1]]
                tops.pop()
                continue
            break
    placed = [0.0] * len(wanted)
    for top, block in zip(tops, blocks, strict=True):
        for k, index in enumerate(block):
            placed[index] = float(top + k * gap)
    return placed


def cut(name: str, most: int) -> str:
    """A name cut to ``most`` characters, marked as cut.

    >>> cut("Ann and Cy", 12), cut("Bartholomew Smith", 12)
    ('Ann and Cy', 'Bartholomew…')
    """
    return name if len(name) <= most else name[: most - 1].rstrip() + "…"


def _end_label(name: str, total: str) -> str:
    """What stands at a line's end: the name (cut to fit) and the total.

    >>> _end_label("Ann and Cy", "3"), _end_label("Bartholomew Smith", "-12")
    ('Ann and Cy 3', 'Bartholomew… -12')
    >>> _end_label("Knock Rummy", "0.4"), _end_label("Annabelle and Cyrilla", "3")
    ('Knock Rummy 0.4', 'Annabelle and… 3')
    """
    return f"{text_width.cut(name, LABEL_ROOM, FONT, bold=True)} {total}"


def _label_width(text: str) -> float:
    return text_width.width(text, FONT, bold=True)


def _axis(labels: Sequence[tuple[float, str]], low: float, high: float) -> list[dict[str, Any]]:
    """The x-axis's labels, each centred on its x: the same label at several xs in a row said
    once, under their middle; a label that would touch the one before it left out."""
    runs: list[tuple[list[float], str]] = []
    for x, label in labels:
        if runs and runs[-1][1] == label:
            runs[-1][0].append(x)
        else:
            runs.append(([x], label))
    shown: list[dict[str, Any]] = []
    reach = -math.inf
    for xs, label in runs:
        half = text_width.width(label, FONT) / 2
        middle = min(max((xs[0] + xs[-1]) / 2, low + half), high - half)
        if middle - half < reach + AXIS_GAP:
            continue
        shown.append({"x": round(middle, 1), "label": label})
        reach = middle + half
    return shown


def _title(word: str, game: str) -> str:
    """The running tally's title, a whole sentence for each game's word for a deal."""
    if word == "hand":
        return gettext("Running totals of %(game)s, hand by hand") % {"game": game}
    if word == "round":
        return gettext("Running totals of %(game)s, round by round") % {"game": game}
    return gettext("Running totals of %(game)s, deal by deal") % {"game": game}


def _after(word: str, count: int, totals: str) -> str:
    """A chart's description: where each line ends, after ``count`` deals (or games)."""
    values = {"count": count, "totals": totals}
    if word == "hand":
        return (
            ngettext(
                "After %(count)s hand: %(totals)s.", "After %(count)s hands: %(totals)s.", count
            )
            % values
        )
    if word == "round":
        return (
            ngettext(
                "After %(count)s round: %(totals)s.", "After %(count)s rounds: %(totals)s.", count
            )
            % values
        )
    if word == "game":
        return (
            ngettext(
                "After %(count)s game: %(totals)s.", "After %(count)s games: %(totals)s.", count
            )
            % values
        )
    return (
        ngettext("After %(count)s deal: %(totals)s.", "After %(count)s deals: %(totals)s.", count)
        % values
    )


def tally_chart(standings: Standings, *, ident: str = "") -> dict[str, Any] | None:
    """The running tally as a line chart, or ``None`` before the first deal counts."""
    counted = standings.counted
    if not counted:
        return None
    units = standings.units
    every = math.ceil(len(counted) / DRAWN_DEALS)
    # Totals after deal 0 (the start: everyone on 0), deal 1, and so on.
    rows: list[tuple[Any, tuple[Points | None, ...]]] = [(0, (0,) * len(units))]
    for n, history in enumerate(counted, start=1):
        assert history.result is not None
        if n % every == 0 or n == len(counted):
            rows.append((history.number, history.result.totals))
    word = standings.deal_word
    chart = line_chart(
        ident or f"chart-{standings.game.pk}",
        units,
        rows,
        word=word,
        title=_title(word, str(standings.game)),
        whole=all(float(t) == int(t) for _, totals in rows for t in totals if t is not None),
        counted=len(counted),
    )
    return None if chart is None else chart | {"every": every}


def line_chart(
    ident: str,
    names: Sequence[str],
    rows: Sequence[tuple[Any, Sequence[Points | float | None]]],
    *,
    word: str,
    title: str,
    whole: bool,
    shown: Callable[[Points | float], str] = format_points,  # type: ignore[assignment]
    axis: Sequence[str] | None = None,
    counted: int | None = None,
) -> dict[str, Any] | None:
    """Lines through ``rows`` (a label and a value per line; ``None`` where a line has not
    started), the first row the start: the coordinates, labels, title and description, and the
    numbers as a table. ``whole``: the values are whole numbers (no gridline at a half).
    ``axis``: what the x-axis says under each row after the start, where not the rows' own
    labels (a run of the same said once). ``counted``: how many there are in all, when
    ``rows`` draws some of them."""
    values = [float(v) for _, row in rows for v in row if v is not None]
    if len(rows) < 2 or not values:
        return None
    low, high = min(0.0, *values), max(0.0, *values)
    step = _nice_step(high - low)
    if step < 1 and whole:
        step = 1  # whole points: no gridline at ½ (a Brus chart read 0, 0.5, 1)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    if high == low:
        high = low + step

    def last(line: int) -> tuple[int, Points | float]:
        found = [(i, row[line]) for i, (_, row) in enumerate(rows) if row[line] is not None]
        index, value = found[-1]
        assert value is not None
        return index, value

    labels = [_end_label(name, shown(last(u)[1])) for u, name in enumerate(names)]
    right = LABEL_OFFSET + math.ceil(max(_label_width(label) for label in labels)) + 2
    plot_w, plot_h = WIDTH - LEFT - right, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return round(LEFT + plot_w * index / (len(rows) - 1), 1)

    def y(value: float) -> float:
        return round(TOP + plot_h * (high - value) / (high - low), 1)

    series: list[dict[str, Any]] = []
    for unit, name in enumerate(names):
        points = " ".join(
            f"{x(i)},{y(float(row[unit]))}"  # type: ignore[arg-type]
            for i, (_, row) in enumerate(rows)
            if row[unit] is not None
        )
        end, value = last(unit)
        series.append(
            {
                "name": name,
                "points": points,
                "style": f"series-{unit % SERIES_STYLES}",
                "end_x": x(end),
                "end_y": y(float(value)),
                "total": shown(value),
                "label": labels[unit],
            }
        )
    label_ys = _spread([s["end_y"] for s in series], TOP + 4, HEIGHT - BOTTOM + 4)
    for item, label_y in zip(series, label_ys, strict=True):
        item["label_x"] = item["end_x"] + LABEL_OFFSET
        item["label_y"] = round(label_y + 4, 1)  # the text's baseline sits below its middle
    ticks = []
    value = low
    while value <= high + step / 1000:
        tick = round(value, 6)
        label = format_points(int(tick)) if tick == int(tick) else f"{tick:g}"
        ticks.append({"y": y(value), "label": label})
        value += step
    # At most about eight labels on the axis, so they stay readable on a phone; where the
    # axis says something else than the rows (a date for several games), each said once.
    if axis is None:
        every = max(1, math.ceil((len(rows) - 1) / 8))
        marks = [(x(i), str(number)) for i, (number, _) in enumerate(rows) if i and i % every == 0]
    else:
        marks = [(x(i), label) for i, label in enumerate(axis, start=1)]
    xticks = _axis(marks, 0, WIDTH - right)
    ends = "; ".join(f"{s['name']} {s['total']}" for s in series)
    after = len(rows) - 1 if counted is None else counted
    return {
        "id": ident,
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - right,
        "top": TOP,
        "bottom": HEIGHT - BOTTOM,
        "zero_y": y(0),
        "series": series,
        "yticks": ticks,
        "xticks": xticks,
        "word": word,
        "named_rows": axis is not None,  # the rows are named in words, not numbered
        "title": title,
        "desc": _after(word, after, ends),
        "names": list(names),
        "rows": [
            {
                "number": n,
                "totals": ["\N{EN DASH}" if t is None else shown(t) for t in row],
            }
            for n, row in rows[1:]
        ],
    }


def ladder_chart(standings: Standings) -> dict[str, Any] | None:
    """A game to an exact target drawn as the table draws it: a column of rungs for each side,
    filled as points come, named underneath. ``None`` for games with another end."""
    rule = standings.definition.end_rule(standings.options, len(standings.seats))
    if rule.kind != "exact_target":
        return None
    target = rule.points  # type: ignore[union-attr]
    rung, gap, width, top = 18, 4, 84, 30
    foot = top + target * (rung + gap) + 16  # the names' baseline, under the bottom rungs
    tally = standings.tally
    columns = []
    for i, name in enumerate(standings.units):
        x = 10 + i * (width + 16)
        columns.append(
            {
                "name": name,
                "short": cut(name, 10),  # the caption and the description give it whole
                "style": f"series-{i % SERIES_STYLES}",
                "total": tally.totals[i],
                "x": x,
                "label_x": x + width // 2,
                "winner": i in tally.winners,
                # Rung 1 at the bottom, the target at the top.
                "rungs": [
                    {"y": top + (target - n) * (rung + gap), "filled": n <= tally.totals[i]}
                    for n in range(1, target + 1)
                ],
            }
        )
    return {
        "target": target,
        "columns": columns,
        "width": 10 + len(columns) * (width + 16),
        "height": foot + 8,
        "rung": rung,
        "rung_width": width,
        "foot_y": foot,
        "summary": "; ".join(
            gettext("%(name)s: %(total)s of %(target)s")
            % {"name": c["name"], "total": c["total"], "target": target}
            for c in columns
        ),
    }
