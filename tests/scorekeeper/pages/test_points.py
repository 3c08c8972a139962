"""Points on the page: whole or shared, signed beside a name, and read back from JSON."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.template import Context, Template

from adjudicator.tally import points_json


@pytest.mark.parametrize(
    ("value", "plain", "signed"),
    [
        (12, "12", "+12"),
        (0, "0", "+0"),
        (-30, "-30", "-30"),
        (Fraction(7, 2), "3½", "+3½"),
        (Fraction(-10, 3), "-3⅓", "-3⅓"),
        (Fraction(55, 12), "4 7/12", "+4 7/12"),
        (points_json(Fraction(10, 3)), "3⅓", "+3⅓"),  # as it comes back from the API
        (None, "", ""),
    ],
)
def test_points_filters(value: object, plain: str, signed: str) -> None:
    template = Template("{% load points %}[{{ v|points }}][{{ v|signed }}]")
    assert template.render(Context({"v": value})) == f"[{plain}][{signed}]"
