"""GET/POST /api/v1/nights/<id>/rulings/: the rulings a night keeps from the dispute desk."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from adjudicator.games import get_game
from adjudicator.options import options_as_dict
from scorekeeper.models import Night, Ruling

TIE = {
    "knocked": 0,
    "hands": [{"seat": 0, "count": 5}, {"seat": 1, "count": 5}, {"seat": 2, "count": 30}],
}


def url(night: Night) -> str:
    return f"/api/v1/nights/{night.pk}/rulings/"


def body(**extra: Any) -> dict[str, Any]:
    return {
        "game": "knock-rummy",
        "question": "settle",
        "players": 3,
        "input": TIE,
        "options": {"penalty_on_tie": True},
        "note": "we play K-1",
        **extra,
    }


def test_the_owner_saves_a_ruling_under_a_reading_and_lists_it(
    api: APIClient, night: Night
) -> None:
    response = api.post(url(night), body(), format="json")
    assert response.status_code == 201, response.json()
    saved = response.json()
    assert (saved["game"], saved["question"], saved["players"]) == ("knock-rummy", "settle", 3)
    # The reading with every house rule given, as the schema's Options component says (the
    # ruling keeps only the one that differs from the published rules).
    assert saved["options"] == {
        "game": "knock-rummy",
        **options_as_dict(get_game("knock-rummy").options({"penalty_on_tie": True})),
    }
    assert saved["options"]["penalty_on_tie"] is True
    # The answer is the engine's, asked again on the server under the reading chosen.
    assert [p["amount"] for p in saved["answer"]["payments"]] == [10, 25]
    listed = api.get(url(night)).json()
    assert [r["id"] for r in listed] == [saved["id"]]
    assert listed[0]["saved_by"] == "alice"


def test_a_question_the_engine_refuses_is_a_400_naming_the_field(
    api: APIClient, night: Night
) -> None:
    response = api.post(url(night), body(input={"knocked": 0, "hands": "x"}), format="json")
    assert response.status_code == 400
    assert response.json()["field"].startswith("hands")
    assert not Ruling.objects.exists()


def test_a_ruling_past_a_bound_is_refused_and_nothing_is_saved(
    api: APIClient, night: Night
) -> None:
    # Three rulings of 40,000 melds once made the night page 5.9 MB for everyone at the table:
    # what a ruling keeps is held to the question's bounds, so none is saved. A body that
    # large is refused unread; one meld past the question's eight is refused naming it.
    for count, code, field in ((40_000, "too_big", None), (9, "bad_entry", "melds")):
        melds = {"melds": ["KS KH KD"] * count}
        response = api.post(
            url(night),
            body(
                game="bridge-rummy", question="initial-meld", players=None, input=melds, options={}
            ),
            format="json",
        )
        assert response.status_code == 400
        assert (response.json()["code"], response.json()["field"]) == (code, field)
    assert not Ruling.objects.exists()


def test_an_unknown_house_rule_is_refused(api: APIClient, night: Night) -> None:
    response = api.post(url(night), body(options={"no_such_rule": True}), format="json")
    assert response.status_code == 400
    assert not Ruling.objects.exists()


def test_another_nights_rulings_are_404(carol: Any, night: Night) -> None:
    client = APIClient()
    client.force_authenticate(carol)
    assert client.get(url(night)).status_code == 404
    assert client.post(url(night), body(), format="json").status_code == 404


def test_signing_in_is_needed(anonymous_api: APIClient, night: Night) -> None:
    assert anonymous_api.get(url(night)).status_code in (401, 403)


def test_a_grid_written_row_by_row_is_saved_as_a_ruling(api: APIClient, night: Night) -> None:
    # Issue 26: the bound counted the rows' '/' as cards, so this ruling could not be saved.
    grid = "th 9c jc / 10d qc jd / 2s 10s js"
    ruling = {"game": "brummy", "question": "grid", "input": {"cards": grid}, "note": "1c"}
    response = api.post(url(night), ruling, format="json")
    assert response.status_code == 201, response.json()
    # Kept as the table wrote it, and said to be the question's body (its component).
    assert response.json()["input"] == {"object": "AskBrummyGrid", "cards": grid}
    assert response.json()["answer"]["score"] == 20
