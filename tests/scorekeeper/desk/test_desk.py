"""The dispute desk's service: asking (nothing written), the readings, saving a ruling."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied

from adjudicator.errors import AdjudicationError
from scorekeeper.desk import asking
from scorekeeper.models import Night, Ruling

TIE = {
    "knocked": 0,
    "hands": [{"seat": 0, "count": 5}, {"seat": 1, "count": 5}, {"seat": 2, "count": 30}],
}


def test_asking_writes_nothing_and_gives_the_working(db: Any) -> None:
    asked = asking.ask(slug="rummy", question="meld", data={"cards": "QS KS AS"})
    assert asked.answer is not None and asked.answer["valid"] is False
    assert asked.answer["explanation"]
    assert not Ruling.objects.exists()


def test_a_refusal_is_returned_not_raised(db: Any) -> None:
    asked = asking.ask(slug="rummy", question="meld", data={"cards": "ZZ"})
    assert asked.answer is None and asked.error is not None
    assert asked.error.path[0] == "cards"


def test_only_the_readings_that_change_the_answer_are_listed(db: Any) -> None:
    asked = asking.ask(slug="knock-rummy", question="settle", data=TIE, players=3)
    assert [(r.option.name, r.value) for r in asked.readings] == [("penalty_on_tie", True)]
    assert asked.readings[0].options == {"penalty_on_tie": True}


def test_a_reading_starts_from_the_house_rules_chosen(db: Any) -> None:
    # Under K-1 already, the reading that changes the answer is K-1 off.
    asked = asking.ask(
        slug="knock-rummy",
        question="settle",
        data=TIE,
        players=3,
        options={"penalty_on_tie": True},
    )
    assert [(r.option.name, r.value) for r in asked.readings] == [("penalty_on_tie", False)]


def test_a_question_with_nothing_to_read_lists_no_readings(db: Any) -> None:
    asked = asking.ask(slug="knock-rummy", question="meld", data={"cards": "5H 6H 7H"})
    assert asked.readings == []


def test_an_unknown_house_rule_is_refused(db: Any) -> None:
    with pytest.raises(AdjudicationError):
        asking.ask(slug="rummy", question="meld", data={"cards": "5H 6H 7H"}, options={"x": 1})


def test_a_recorder_saves_a_ruling_asked_again_on_the_server(bob: Any, night: Night) -> None:
    ruling = asking.ruling_save(
        night=night,
        by=bob,
        slug="knock-rummy",
        question="settle",
        data=TIE,
        players=3,
        options={"penalty_on_tie": True},
        note="  K-1 it is ",
    )
    assert ruling.note == "K-1 it is"
    assert ruling.options == {"penalty_on_tie": True}
    assert [p["amount"] for p in ruling.answer["payments"]] == [10, 25]
    shown = asking.rulings_for_night(night)
    assert shown[0].game == "Knock Rummy" and shown[0].reading == ["Penalty on tie: on"]


def test_someone_else_may_not_save(carol: Any, night: Night) -> None:
    with pytest.raises(PermissionDenied):
        asking.ruling_save(
            night=night, by=carol, slug="rummy", question="meld", data={"cards": "5H 6H 7H"}
        )
    assert not Ruling.objects.exists()


def test_a_refused_question_is_not_saved(alice: Any, night: Night) -> None:
    with pytest.raises(AdjudicationError):
        asking.ruling_save(
            night=night, by=alice, slug="rummy", question="meld", data={"cards": "Z"}
        )
    assert not Ruling.objects.exists()


def test_a_ruling_past_a_bound_is_not_saved(alice: Any, night: Night) -> None:
    # A saved ruling keeps its input: it is held to the question's bounds, or not kept at all.
    with pytest.raises(AdjudicationError) as refused:
        asking.ruling_save(
            night=night,
            by=alice,
            slug="bridge-rummy",
            question="meld",
            data={"cards": "AS " * 16_000},
        )
    assert refused.value.field == "cards"
    assert not Ruling.objects.exists()
