"""``Idempotency-Key`` on every write (issue 28): the same request sent again is answered as the
first was and writes nothing; another request with the key is refused; a refusal is not kept;
each person's keys are their own, and kept a day. (The same sent at once, on PostgreSQL with
real concurrent requests: tests/scorekeeper/test_races.py.)"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone
from rest_framework.test import APIClient

from scorekeeper.api.idempotency import HEADER, REPLAYED
from scorekeeper.models import Entry, Game, IdempotentAnswer, Night
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.transfer import exporting
from tests.factories import played_night

pytestmark = pytest.mark.django_db


def post(client: APIClient, url: str, body: Any, key: str | None) -> Any:
    headers = {HEADER: key} if key is not None else {}
    return client.post(url, body, format="json", headers=headers)


def test_a_deal_sent_again_with_its_key_is_recorded_once(api: APIClient, bridge_game: Game) -> None:
    url = reverse("api_game_deals", args=[bridge_game.pk])
    first = post(api, url, {"deal": SAMPLE_DEALS[0]}, "deal-1")
    again = post(api, url, {"deal": SAMPLE_DEALS[0]}, "deal-1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again[REPLAYED] == "true" and REPLAYED not in first
    assert bridge_game.entries.count() == 1
    # Without a key, the same body is another deal (as it always was).
    assert post(api, url, {"deal": SAMPLE_DEALS[0]}, None).status_code == 201
    assert bridge_game.entries.count() == 2


def test_a_key_sent_with_another_request_is_refused_and_nothing_written(
    api: APIClient, bridge_game: Game
) -> None:
    url = reverse("api_game_deals", args=[bridge_game.pk])
    assert post(api, url, {"deal": SAMPLE_DEALS[0]}, "k").status_code == 201
    other = post(api, url, {"deal": SAMPLE_DEALS[1]}, "k")
    assert other.status_code == 422
    assert other.json()["code"] == "idempotency_key_reused"
    assert other.json()["field"] == HEADER
    assert bridge_game.entries.count() == 1
    # Another path with the same body and key is another request too.
    night = post(api, reverse("api_nights"), {"date": "2026-11-01"}, "k")
    assert night.status_code == 422


def test_a_refusal_is_not_kept_so_the_corrected_request_is_asked(
    api: APIClient, bridge_game: Game
) -> None:
    url = reverse("api_game_deals", args=[bridge_game.pk])
    refused = post(api, url, {"deal": {"went_out": 9}}, "mine")
    assert refused.status_code == 400
    again = post(api, url, {"deal": {"went_out": 9}}, "mine")
    assert again.status_code == 400 and REPLAYED not in again  # asked again, refused again
    # The key was not kept: the corrected deal sent with it is recorded.
    corrected = post(api, url, {"deal": SAMPLE_DEALS[0]}, "mine")
    assert corrected.status_code == 201 and bridge_game.entries.count() == 1


def test_a_night_created_twice_with_one_key_is_one_night(api: APIClient, alice: Any) -> None:
    before = Night.objects.count()
    body = {"date": "2026-11-27", "place": "The pub"}
    first = post(api, reverse("api_nights"), body, "friday")
    again = post(api, reverse("api_nights"), body, "friday")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json()["id"] == first.json()["id"] and again[REPLAYED] == "true"
    assert Night.objects.count() == before + 1


def test_an_import_sent_again_answers_as_the_first(api: APIClient, alice: Any, bob: Any) -> None:
    document = exporting.export_document([played_night(bob)])
    first = post(api, reverse("api_import"), document, "import")
    again = post(api, reverse("api_import"), document, "import")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json() and again[REPLAYED] == "true"
    assert Night.objects.filter(owner=alice).count() == 1


def test_keys_are_each_persons_own(api: APIClient, bob: Any, bridge_game: Game) -> None:
    url = reverse("api_game_deals", args=[bridge_game.pk])
    assert post(api, url, {"deal": SAMPLE_DEALS[0]}, "shared").status_code == 201
    other = APIClient()
    other.force_authenticate(bob)  # bob records in alice's night
    answer = post(other, url, {"deal": SAMPLE_DEALS[1]}, "shared")
    assert answer.status_code == 201 and REPLAYED not in answer
    assert bridge_game.entries.count() == 2


def test_a_key_is_kept_a_day(api: APIClient, bridge_game: Game) -> None:
    url = reverse("api_game_deals", args=[bridge_game.pk])
    assert post(api, url, {"deal": SAMPLE_DEALS[0]}, "old").status_code == 201
    IdempotentAnswer.objects.update(created_at=timezone.now() - datetime.timedelta(hours=25))
    later = post(api, url, {"deal": SAMPLE_DEALS[1]}, "old")
    assert later.status_code == 201 and REPLAYED not in later
    assert bridge_game.entries.count() == 2


@pytest.mark.parametrize("key", ["", "x" * 256, "tab\there", "ключ"])
def test_a_key_that_is_not_one_is_refused(api: APIClient, bridge_game: Game, key: str) -> None:
    url = reverse("api_game_deals", args=[bridge_game.pk])
    answer = post(api, url, {"deal": SAMPLE_DEALS[0]}, key)
    assert answer.status_code == 400 and answer.json()["field"] == HEADER
    assert not Entry.objects.exists()


def test_the_adjudicators_questions_write_nothing_and_ignore_a_key(
    anonymous_api: APIClient,
) -> None:
    url = reverse("api_adjudicate", args=["knock-rummy", "deadwood"])
    answers = [post(anonymous_api, url, {"cards": "KS QH 5D"}, "q") for _ in range(2)]
    assert [a.status_code for a in answers] == [200, 200]
    assert REPLAYED not in answers[1]
    assert not IdempotentAnswer.objects.exists()


def _routes(patterns: list[Any], prefix: str = "") -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            found += _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            found.append((prefix + str(pattern.pattern), pattern.callback))
    return found


# The API's writes that keep no answer: a new token's secret is shown once; the adjudicator's
# questions write nothing (and take no sign-in).
NOT_KEPT = {"api/v1/tokens/", "api/v1/adjudicate/<slug:game>/<slug:question>/"}


def test_every_write_of_the_api_takes_a_key_and_says_so_in_the_schema(
    api: APIClient,
) -> None:
    posts = {
        route: view
        for route, view in _routes(get_resolver().url_patterns)
        if route.startswith("api/v1/")
        and "post" in getattr(getattr(view, "cls", None), "__dict__", {})
    }
    assert len(posts) > 12
    assert {route for route, view in posts.items() if not view.idempotent} == NOT_KEPT
    schema = api.get(reverse("api_schema"), {"format": "json"}).json()
    documented = {
        path
        for path, operations in schema["paths"].items()
        if any(p["name"] == HEADER for p in operations.get("post", {}).get("parameters", []))
    }
    assert len(documented) == len(posts) - len(NOT_KEPT)
