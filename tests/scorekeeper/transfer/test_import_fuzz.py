"""Fuzz the import (issue 17): a real export, changed at random places (values of every type,
nulls, extreme datetimes, keys removed, lists reordered or repeated), is imported through the
API. Every answer is 201 or a 400 ``import_refused``, never anything else; a 400 writes
nothing; and a file the published schema refuses (checked by the ``jsonschema`` library) is
never imported."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from adjudicator.games import all_games
from scorekeeper.models import Entry, Night, Player
from scorekeeper.transfer import export_format, exporting
from tests.factories import UserFactory, played_night

NASTY_TEXT = [
    "9999-12-31T23:59:59-12:00",
    "0001-01-01T00:00:00+14:00",
    "2026-11-22T20:00:00+23:59",
    "2026-02-30T20:00:00+01:00",
    "2026-11-22T20:00:00",
    "2026-11-22",
    "",
    " ",
    "\x00",
    "a\x00b",
    "record",
    "amend",
    "void",
    "end",
    "7b2c6f0e-2f0a-4c57-9d0a-5b1e2b3c4d5e",
    "x" * 300,
    *(game.slug for game in all_games()),
]

values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, 2, 3, 7, 15, 16, 99, 32767, 32768, 10_001]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(NASTY_TEXT),
    st.text(max_size=12),
    st.lists(st.integers(min_value=-3, max_value=20), max_size=3),
    st.dictionaries(st.sampled_from(["went_out", "hands", "x", "n"]), st.integers(), max_size=3),
)


def _places(document: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in the document (a key of an object, an index of a list)."""
    found = [path]
    if isinstance(document, dict):
        for key, value in document.items():
            found += _places(value, (*path, key))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found += _places(value, (*path, index))
    return found


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


@st.composite
def changed(draw: st.DrawFn, base: dict[str, Any]) -> dict[str, Any]:
    document = copy.deepcopy(base)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        places = [p for p in _places(document) if p]
        if not places:
            break
        path = draw(st.sampled_from(places))
        parent, step = _at(document, path[:-1]), path[-1]
        action = draw(st.sampled_from(["replace", "replace", "remove", "reorder", "repeat"]))
        target = parent[step]
        if action == "remove":
            del parent[step]
        elif action == "reorder" and isinstance(target, list) and len(target) > 1:
            parent[step] = draw(st.permutations(target))
        elif action == "repeat" and isinstance(target, list) and target:
            target.append(copy.deepcopy(draw(st.sampled_from(target))))
        else:
            parent[step] = draw(values)
    return document


@pytest.fixture(scope="module")
def base(django_db_setup: Any, django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        from django.db import transaction

        with transaction.atomic():
            document = exporting.export_document([played_night(UserFactory(username="fuzzer"))])
            transaction.set_rollback(True)
    return document


@pytest.mark.django_db
def test_a_changed_export_is_imported_or_refused_whole(base: dict[str, Any]) -> None:
    dave = UserFactory(username="dave")
    client = APIClient()
    client.force_authenticate(dave)
    validator = jsonschema.Draft202012Validator(export_format.SCHEMA)
    answers: Counter[int] = Counter()

    @settings(
        max_examples=120,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(document=changed(base))
    @example(document=copy.deepcopy(base))  # the export as it was made: imported
    def imported_or_refused(document: dict[str, Any]) -> None:
        counts = (Night.objects.count(), Player.objects.count(), Entry.objects.count())
        response = client.post("/api/v1/import/", document, format="json")
        answers[response.status_code] += 1
        assert response.status_code in (200, 201, 400), response.content[:500]
        if response.status_code == 200:  # every night of it was here already: none written
            assert all(night["already_here"] for night in response.json()["nights"])
            assert (Night.objects.count(), Player.objects.count(), Entry.objects.count()) == (
                counts
            )
        elif response.status_code == 400:
            body = response.json()
            assert body["code"] == "import_refused", body
            assert body["field"], body
            assert (Night.objects.count(), Player.objects.count(), Entry.objects.count()) == (
                counts
            )
        else:
            assert validator.is_valid(document), "the published schema refuses what was imported"
            new = [night for night in response.json()["nights"] if not night["already_here"]]
            assert new and Night.objects.count() == counts[0] + len(new)

    imported_or_refused()
    print(f"imports answered: {dict(answers)}")
    assert answers[201] and answers[400], answers  # it reached both sides of the check
