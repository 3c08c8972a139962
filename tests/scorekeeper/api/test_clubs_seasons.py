"""/api/v1/clubs/<id>/seasons/: a club's seasons, named and ended early.

alice organises the Thursday club, bob records in it, carol is a member.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import timezone

from scorekeeper.models import Club, Season
from tests.factories import SeasonFactory
from tests.scorekeeper.api.test_clubs import as_, refused, url

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)


def test_an_organiser_names_the_first_season_then_the_next(club: Club, alice: Any) -> None:
    client = as_(alice)
    first = client.post(
        url("api_club_seasons", club.pk),
        {"name": "Autumn", "starts": "2026-09-01", "ends": "2026-11-30"},
        format="json",
    )
    assert first.status_code == 201, first.content
    assert {k: first.json()[k] for k in ("name", "starts", "ends")} == {
        "name": "Autumn",
        "starts": "2026-09-01",
        "ends": "2026-11-30",
    }
    following = client.post(
        url("api_club_seasons", club.pk), {"name": "Winter", "ends": "2027-02-28"}, format="json"
    )
    assert following.status_code == 201, following.content
    assert following.json()["starts"] == "2026-12-01"


def test_the_seasons_are_listed_newest_first_saying_which_is_on(club: Club, carol: Any) -> None:
    today = timezone.localdate()
    past = SeasonFactory(club=club, name="Summer", starts=today - 90 * DAY, ends=today - 31 * DAY)
    now = SeasonFactory(club=club, name="Autumn", starts=today - 30 * DAY, ends=today + 30 * DAY)
    listed = as_(carol).get(url("api_club_seasons", club.pk)).json()
    assert [(s["id"], s["current"], s["finished"]) for s in listed] == [
        (now.pk, True, False),
        (past.pk, False, True),
    ]


def test_the_first_season_says_when_it_starts(club: Club, alice: Any) -> None:
    response = as_(alice).post(
        url("api_club_seasons", club.pk), {"name": "Autumn", "ends": "2026-11-30"}, format="json"
    )
    refused(response, code="invalid", field="starts")


def test_seasons_do_not_overlap(club: Club, alice: Any) -> None:
    SeasonFactory(club=club, name="Autumn", starts="2026-09-01", ends="2026-11-30")
    response = as_(alice).post(
        url("api_club_seasons", club.pk),
        {"name": "Late autumn", "starts": "2026-11-01", "ends": "2026-12-31"},
        format="json",
    )
    message = refused(response, code="invalid", field="starts")
    assert message == "Autumn runs from 2026-09-01 to 2026-11-30: seasons do not overlap."


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"ends": "2026-11-30", "starts": "2026-09-01"}, "name", id="no-name"),
        pytest.param({"name": "x" * 61, "ends": "2026-11-30", "starts": "2026-09-01"}, "name", id="long-name"),
        pytest.param({"name": "Autumn", "starts": "2026-09-01"}, "ends", id="no-end"),
        pytest.param({"name": "Autumn", "starts": "2026-09-01", "ends": "30/11/2026"}, "ends", id="not-a-date"),
        pytest.param({"name": "Autumn", "starts": "2026-09-01", "ends": "2026-08-31"}, "ends", id="ends-first"),
        pytest.param({"name": "Autumn", "starts": "0001-01-01", "ends": "2026-08-31"}, "starts", id="long-ago"),
    ],
)  # fmt: skip
def test_a_season_body_names_what_is_wrong(
    club: Club, alice: Any, body: dict[str, Any], field: str
) -> None:
    response = as_(alice).post(url("api_club_seasons", club.pk), body, format="json")
    refused(response, code="invalid", field=field)
    assert not Season.objects.exists()


@pytest.mark.parametrize("who", ["bob", "carol"])
def test_only_organisers_name_and_end_seasons(
    club: Club, who: str, request: pytest.FixtureRequest
) -> None:
    season = SeasonFactory(club=club)
    client = as_(request.getfixturevalue(who))
    named = client.post(url("api_club_seasons", club.pk), {}, format="json")
    assert refused(named, code="permission_denied", field=None, status=403) == (
        "Only the club's organisers may name seasons."
    )
    ended = client.post(url("api_club_season_end", club.pk, season.pk), {}, format="json")
    assert refused(ended, code="permission_denied", field=None, status=403) == (
        "Only the club's organisers may end a season."
    )


def test_an_organiser_ends_the_current_season_today(club: Club, alice: Any) -> None:
    season = SeasonFactory(club=club)
    answer = as_(alice).post(url("api_club_season_end", club.pk, season.pk), {}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["ends"] == timezone.localdate().isoformat()
    assert answer.json()["current"] is True
    season.refresh_from_db()
    assert season.ends == timezone.localdate()


def test_a_finished_season_stays_final(club: Club, alice: Any) -> None:
    today = timezone.localdate()
    season = SeasonFactory(club=club, starts=today - 60 * DAY, ends=today - DAY)
    response = as_(alice).post(url("api_club_season_end", club.pk, season.pk), {}, format="json")
    refused(response, code="invalid", field="season")


def test_a_season_ends_on_a_day_within_it(club: Club, alice: Any) -> None:
    season = SeasonFactory(club=club)
    past = (timezone.localdate() - DAY).isoformat()
    response = as_(alice).post(
        url("api_club_season_end", club.pk, season.pk), {"on": past}, format="json"
    )
    refused(response, code="invalid", field="on")


def test_a_season_of_another_club_is_no_season_here(club: Club, alice: Any) -> None:
    theirs = SeasonFactory()
    response = as_(alice).post(url("api_club_season_end", club.pk, theirs.pk), {}, format="json")
    refused(response, code="invalid", field="season")
