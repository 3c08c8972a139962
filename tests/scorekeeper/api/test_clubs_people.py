"""/api/v1/clubs/<id>/: the roster, who is who on it, merges, and nights moved in.

alice organises the Thursday club, bob records in it, carol is a member; dave is in no club.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.clubs import services
from scorekeeper.models import Club, Night, Player, PlayerClaim, PlayerMerge
from tests.factories import GameFactory, NightFactory, PlayerFactory, UserFactory
from tests.scorekeeper.api.test_clubs import as_, refused, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def cy(club: Club, alice: Any) -> Player:
    return PlayerFactory(owner=alice, club=club, name="Cy")


# The roster -------------------------------------------------------------------------------------


def test_the_roster_is_listed_by_name_with_who_is_who(club: Club, alice: Any, carol: Any) -> None:
    PlayerFactory(owner=alice, club=club, name="Ben")
    ann = PlayerFactory(owner=alice, club=club, name="Ann", person=alice)
    PlayerFactory(owner=alice, name="Alice's own")  # her own roster, not the club's
    merged = PlayerFactory(owner=alice, club=club, name="Annie")
    Player.objects.filter(pk=merged.pk).update(same_as=ann)
    answer = as_(carol).get(url("api_club_players", club.pk), {"limit": 1})
    assert answer.json() == [{"id": ann.pk, "name": "Ann", "person": "alice"}]
    rest = as_(carol).get(answer["Link"].split(";")[0].strip("<>")).json()
    assert [(p["name"], p["person"]) for p in rest] == [("Ben", None)]


def test_a_recorder_adds_a_player_to_the_club(club: Club, bob: Any) -> None:
    answer = as_(bob).post(url("api_club_players", club.pk), {"name": " Cy "}, format="json")
    assert answer.status_code == 201, answer.content
    player = Player.objects.get(club=club)
    assert answer.json() == {"id": player.pk, "name": "Cy", "person": None}


def test_a_name_on_the_roster_is_taken(club: Club, bob: Any, cy: Player) -> None:
    message = refused(
        as_(bob).post(url("api_club_players", club.pk), {"name": "CY"}, format="json"),
        code="invalid",
        field="name",
    )
    assert message == "The club already has a player called CY."


def test_a_member_may_not_add_players(club: Club, carol: Any) -> None:
    message = refused(
        as_(carol).post(url("api_club_players", club.pk), {}, format="json"),
        code="permission_denied",
        field=None,
        status=403,
    )
    assert message == "Only the club's organisers and recorders may add players."


def test_a_player_added_by_replay_is_added_once(club: Club, bob: Any) -> None:
    client = as_(bob)
    answers = [
        client.post(
            url("api_club_players", club.pk),
            {"name": "Cy"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="add-cy",
        )
        for _ in range(2)
    ]
    assert [a.status_code for a in answers] == [201, 201]
    assert answers[1]["Idempotent-Replayed"] == "true"
    assert Player.objects.filter(club=club).count() == 1


# Who is who -------------------------------------------------------------------------------------


def test_a_member_claims_a_player_and_an_organiser_confirms(
    club: Club, alice: Any, carol: Any, cy: Player
) -> None:
    asked = as_(carol).post(url("api_club_player_claim", club.pk, cy.pk))
    assert asked.status_code == 201, asked.content
    assert (asked.json()["username"], asked.json()["confirmed"]) == ("carol", False)
    assert asked.json()["answered_at"] is None
    waiting = as_(alice).get(url("api_club_claims", club.pk)).json()
    assert [c["id"] for c in waiting] == [asked.json()["id"]]
    answer = as_(alice).post(
        url("api_club_claim", club.pk, asked.json()["id"]), {"confirmed": True}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["confirmed"] is True
    cy.refresh_from_db()
    assert cy.person == carol
    assert as_(alice).get(url("api_club_claims", club.pk)).json() == []


def test_an_organisers_own_claim_is_confirmed_at_once(club: Club, alice: Any, cy: Player) -> None:
    asked = as_(alice).post(url("api_club_player_claim", club.pk, cy.pk))
    assert (asked.status_code, asked.json()["confirmed"]) == (201, True)
    cy.refresh_from_db()
    assert cy.person == alice


def test_a_claim_turned_down_links_nobody(club: Club, alice: Any, carol: Any, cy: Player) -> None:
    claim = services.claim_ask(club=club, by=carol, player_id=cy.pk)
    answer = as_(alice).post(
        url("api_club_claim", club.pk, claim.pk), {"confirmed": False}, format="json"
    )
    assert (answer.status_code, answer.json()["confirmed"]) == (200, False)
    cy.refresh_from_db()
    assert cy.person is None


def test_a_player_linked_already_cannot_be_claimed(
    club: Club, bob: Any, carol: Any, cy: Player
) -> None:
    Player.objects.filter(pk=cy.pk).update(person=bob)
    message = refused(
        as_(carol).post(url("api_club_player_claim", club.pk, cy.pk)),
        code="invalid",
        field="player",
    )
    assert message == "Cy is already linked to an account."


def test_a_player_of_another_roster_cannot_be_claimed(club: Club, carol: Any, dave: Any) -> None:
    theirs = PlayerFactory(owner=dave, name="Dee")
    refused(
        as_(carol).post(url("api_club_player_claim", club.pk, theirs.pk)),
        code="invalid",
        field="player",
    )


@pytest.mark.parametrize("who", ["bob", "carol"])
def test_only_organisers_see_and_answer_claims(
    club: Club, carol: Any, cy: Player, who: str, request: pytest.FixtureRequest
) -> None:
    claim = services.claim_ask(club=club, by=carol, player_id=cy.pk)
    client = as_(request.getfixturevalue(who))
    for response in (
        client.get(url("api_club_claims", club.pk)),
        client.post(url("api_club_claim", club.pk, claim.pk), {}, format="json"),
    ):
        message = refused(response, code="permission_denied", field=None, status=403)
        assert message == "Only the club's organisers may confirm who is who."


def test_an_answer_to_no_waiting_claim_names_it(club: Club, alice: Any) -> None:
    response = as_(alice).post(
        url("api_club_claim", club.pk, 987654), {"confirmed": True}, format="json"
    )
    refused(response, code="invalid", field="claim")


@pytest.mark.parametrize("body", [{}, {"confirmed": "yes"}, {"confirmed": 1}])
def test_an_answer_is_true_or_false(
    club: Club, alice: Any, carol: Any, cy: Player, body: dict[str, Any]
) -> None:
    claim = services.claim_ask(club=club, by=carol, player_id=cy.pk)
    response = as_(alice).post(url("api_club_claim", club.pk, claim.pk), body, format="json")
    refused(response, code="invalid", field="confirmed")


def test_a_person_unlinks_themselves(club: Club, carol: Any, cy: Player) -> None:
    Player.objects.filter(pk=cy.pk).update(person=carol)
    assert as_(carol).delete(url("api_club_player_person", club.pk, cy.pk)).status_code == 204
    cy.refresh_from_db()
    assert cy.person is None


def test_only_an_organiser_unlinks_someone_else(
    club: Club, alice: Any, bob: Any, carol: Any, cy: Player
) -> None:
    Player.objects.filter(pk=cy.pk).update(person=carol)
    message = refused(
        as_(bob).delete(url("api_club_player_person", club.pk, cy.pk)),
        code="permission_denied",
        field=None,
        status=403,
    )
    assert message == "Only the club's organisers may unlink someone else."
    assert as_(alice).delete(url("api_club_player_person", club.pk, cy.pk)).status_code == 204


def test_unlinking_a_player_linked_to_nobody_names_the_player(
    club: Club, alice: Any, cy: Player
) -> None:
    response = as_(alice).delete(url("api_club_player_person", club.pk, cy.pk))
    refused(response, code="invalid", field="player")


# Merges -----------------------------------------------------------------------------------------


def test_an_organiser_merges_two_players_and_undoes_it(
    club: Club, alice: Any, carol: Any, cy: Player
) -> None:
    cecilia = PlayerFactory(owner=alice, club=club, name="Cecilia")
    client = as_(alice)
    done = client.post(
        url("api_club_merges", club.pk), {"merged": cy.pk, "into": cecilia.pk}, format="json"
    )
    assert done.status_code == 201, done.content
    body = done.json()
    assert (body["merged"], body["into"], body["by"]) == (
        {"id": cy.pk, "name": "Cy"},
        {"id": cecilia.pk, "name": "Cecilia"},
        "alice",
    )
    roster = as_(carol).get(url("api_club_players", club.pk)).json()
    assert [p["name"] for p in roster] == ["Cecilia"]
    assert [m["id"] for m in as_(carol).get(url("api_club_merges", club.pk)).json()] == [body["id"]]
    undone = client.post(url("api_club_merge_undo", club.pk, body["id"]))
    assert undone.status_code == 200, undone.content
    assert (undone.json()["undone_by"], undone.json()["renamed"]) == ("alice", "")
    assert [p["name"] for p in client.get(url("api_club_players", club.pk)).json()] == [
        "Cecilia",
        "Cy",
    ]
    again = client.post(url("api_club_merge_undo", club.pk, body["id"]))
    refused(again, code="invalid", field="merge")


def test_two_players_who_sat_at_one_game_are_two_people(club: Club, alice: Any) -> None:
    night = NightFactory(owner=alice, club=club)
    GameFactory(night=night, players=["Mary", "Tom"])
    Player.objects.filter(name__in=["Mary", "Tom"]).update(club=club)
    mary, tom = Player.objects.get(name="Mary"), Player.objects.get(name="Tom")
    response = as_(alice).post(
        url("api_club_merges", club.pk), {"merged": mary.pk, "into": tom.pk}, format="json"
    )
    message = refused(response, code="invalid", field="into")
    assert "they are two people" in message
    assert not PlayerMerge.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({}, "merged", id="nothing"),
        pytest.param({"merged": "Cy", "into": 1}, "merged", id="a-name"),
        pytest.param({"merged": 987654, "into": 987655}, "merged", id="not-on-the-roster"),
    ],
)
def test_a_merge_names_what_is_wrong(
    club: Club, alice: Any, cy: Player, body: dict[str, Any], field: str
) -> None:
    response = as_(alice).post(url("api_club_merges", club.pk), body, format="json")
    refused(response, code="invalid", field=field)


def test_a_player_cannot_be_merged_into_themselves(club: Club, alice: Any, cy: Player) -> None:
    response = as_(alice).post(
        url("api_club_merges", club.pk), {"merged": cy.pk, "into": cy.pk}, format="json"
    )
    refused(response, code="invalid", field="into")


def test_only_organisers_merge_and_undo(club: Club, alice: Any, bob: Any, cy: Player) -> None:
    cecilia = PlayerFactory(owner=alice, club=club, name="Cecilia")
    done = services.merge(club=club, by=alice, merged_id=cy.pk, into_id=cecilia.pk)
    client = as_(bob)
    refused(
        client.post(url("api_club_merges", club.pk), {}, format="json"),
        code="permission_denied",
        field=None,
        status=403,
    )
    refused(
        client.post(url("api_club_merge_undo", club.pk, done.pk)),
        code="permission_denied",
        field=None,
        status=403,
    )


# Moving in --------------------------------------------------------------------------------------


@pytest.fixture
def own_night(bob: Any) -> Night:
    """bob's own night of Bridge Rummy with Mary, Tom, Dick and Alice, in no club."""
    night = NightFactory(owner=bob, place="Bob's kitchen")
    GameFactory(night=night)
    return night


def test_the_review_pairs_each_arrival_with_its_namesake(
    club: Club, alice: Any, bob: Any, own_night: Night
) -> None:
    mary = PlayerFactory(owner=alice, club=club, name="MARY")
    answer = as_(bob).post(
        url("api_club_move_in_review", club.pk), {"nights": [own_night.pk]}, format="json"
    )
    assert answer.status_code == 200, answer.content
    pairs = [(a["player"]["name"], a["match"]) for a in answer.json()]
    assert pairs == [
        ("Alice", None),
        ("Dick", None),
        ("Mary", {"id": mary.pk, "name": "MARY"}),
        ("Tom", None),
    ]
    assert own_night.club_id is None  # a review moves nothing
    own_night.refresh_from_db()
    assert own_night.club_id is None


def test_nights_move_in_with_a_choice_for_every_player(
    club: Club, alice: Any, bob: Any, carol: Any, own_night: Night
) -> None:
    mary = PlayerFactory(owner=alice, club=club, name="Mary")
    own = {p.name: p.pk for p in Player.objects.filter(owner=bob, club__isnull=True)}
    choices = [
        {"player": own["Mary"], "into": mary.pk},
        *({"player": own[name], "into": None} for name in ("Tom", "Dick", "Alice")),
    ]
    answer = as_(bob).post(
        url("api_club_move_in", club.pk),
        {"nights": [own_night.pk], "choices": choices},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    assert [(n["id"], n["club"]["id"]) for n in answer.json()] == [(own_night.pk, club.pk)]
    roster = [p["name"] for p in as_(carol).get(url("api_club_players", club.pk)).json()]
    assert roster == ["Alice", "Dick", "Mary", "Tom"]
    assert Player.objects.get(pk=own["Mary"]).same_as_id == mary.pk


def test_a_move_without_a_choice_for_someone_moves_nothing(
    club: Club, bob: Any, own_night: Night
) -> None:
    own = Player.objects.filter(owner=bob, name="Tom").get()
    response = as_(bob).post(
        url("api_club_move_in", club.pk),
        {"nights": [own_night.pk], "choices": [{"player": own.pk, "into": None}]},
        format="json",
    )
    message = refused(response, code="invalid", field="choices")
    assert message.startswith("Say who ")
    own_night.refresh_from_db()
    assert own_night.club_id is None


def test_a_player_chosen_twice_is_named(club: Club, bob: Any, own_night: Night) -> None:
    own = Player.objects.filter(owner=bob, name="Tom").get()
    response = as_(bob).post(
        url("api_club_move_in", club.pk),
        {
            "nights": [own_night.pk],
            "choices": [{"player": own.pk, "into": None}, {"player": own.pk, "into": None}],
        },
        format="json",
    )
    refused(response, code="invalid", field="choices[1].player")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"nights": []}, "nights", id="no-nights"),
        pytest.param({"nights": ["one"]}, "nights[0]", id="not-an-id"),
        pytest.param(
            {"nights": [1], "choices": [{"player": 1, "as": 2}]}, "choices[0].as", id="unknown-key"
        ),
    ],
)
def test_a_move_body_names_what_is_wrong(
    club: Club, bob: Any, body: dict[str, Any], field: str
) -> None:
    response = as_(bob).post(url("api_club_move_in", club.pk), body, format="json")
    refused(response, code="invalid", field=field)


def test_only_ones_own_nights_in_no_club_move_in(club: Club, alice: Any, bob: Any) -> None:
    theirs = NightFactory(owner=alice)
    response = as_(bob).post(
        url("api_club_move_in_review", club.pk), {"nights": [theirs.pk]}, format="json"
    )
    refused(response, code="invalid", field="nights")


def test_a_member_may_not_move_nights_in(club: Club, carol: Any) -> None:
    for name in ("api_club_move_in_review", "api_club_move_in"):
        message = refused(
            as_(carol).post(url(name, club.pk), {}, format="json"),
            code="permission_denied",
            field=None,
            status=403,
        )
        assert message == "Only the club's organisers and recorders may move nights in."


def test_nobody_outside_the_club_reaches_its_people(club: Club, cy: Player) -> None:
    outsider = as_(UserFactory(username="erin"))
    for method, name, args in [
        ("get", "api_club_players", ()),
        ("post", "api_club_player_claim", (cy.pk,)),
        ("delete", "api_club_player_person", (cy.pk,)),
        ("get", "api_club_claims", ()),
        ("get", "api_club_merges", ()),
        ("post", "api_club_move_in_review", ()),
    ]:
        response = getattr(outsider, method)(url(name, club.pk, *args), {}, format="json")
        refused(response, code="not_found", field=None, status=404)
    assert not PlayerClaim.objects.exists()
