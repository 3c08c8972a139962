"""The join link on the night page, opening it on another phone, and the owner's roles.

alice owns the night, bob records in it, carol is a stranger to it, dave joins by the link.
A visitor is someone on another phone who opened the link without signing in.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.access import sharing
from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night, NightLink, NightViewer
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import NightFactory, UserFactory

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def dave(db: Any) -> Any:
    return UserFactory(username="dave")


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


@pytest.fixture
def token(night: Night, alice: Any) -> str:
    return sharing.link_make(night=night, by=alice)


@pytest.fixture
def visitor(token: str, night: Night) -> Client:
    """Another phone, not signed in, that opened the join link."""
    phone = Client()
    response = phone.get(reverse("share_join", args=[token]))
    assert response.status_code == 302
    assert response["Location"] == night.get_absolute_url()
    return phone


@pytest.fixture
def played(bridge_game: Game, bob: Any) -> Game:
    """bob has recorded the first deal of the Sample Score Card."""
    from scorekeeper.games import services as game_services

    game_services.deal_record(game=bridge_game, by=bob, data=SAMPLE_DEALS[0])
    return bridge_game


def share_url(night: Night) -> str:
    return reverse("night_share", args=[night.pk])


# The owner's phone shows the link and its QR code -------------------------------------------------


def test_the_owner_makes_a_link_and_sees_it_with_its_qr_code(
    alice_client: Client, night: Night
) -> None:
    page = alice_client.get(night.get_absolute_url()).content.decode()
    assert "Make a join link" in page
    response = alice_client.post(share_url(night))
    assert response["Location"] == f"{night.get_absolute_url()}#share"
    page = alice_client.get(night.get_absolute_url()).content.decode()
    url = re.search(r'id="join-url"[^>]*value="([^"]+)"', page)
    assert url is not None
    token = url.group(1).rstrip("/").rsplit("/", 1)[-1]
    assert sharing.night_for_token(token) == night
    assert url.group(1).startswith("http://testserver/join/")
    assert re.search(r'<svg role="img" viewBox="[\d ]+" class="qr">', page)
    assert "<title>QR code of the join link</title>" in page


def test_the_token_reaches_the_owners_phone_only_in_a_cookie_for_the_nights_pages(
    alice_client: Client, night: Night
) -> None:
    response = alice_client.post(share_url(night))
    cookie = response.cookies[f"share_{night.pk}"]
    assert cookie["path"] == night.get_absolute_url()
    assert cookie["httponly"]
    assert cookie["samesite"] == "Lax"
    assert NightLink.objects.get().token_hash == sharing.token_hash(cookie.value)


def test_on_another_phone_the_owner_is_told_to_make_a_new_link(
    alice: Any, night: Night, token: str
) -> None:
    other = Client()
    other.force_login(alice)
    page = other.get(night.get_absolute_url()).content.decode()
    assert token not in page
    assert 'id="join-url"' not in page
    assert "can only be shown on the phone that made it" in page
    assert "New link" in page


def test_with_htmx_making_a_link_swaps_the_share_card(alice_client: Client, night: Night) -> None:
    response = alice_client.post(share_url(night), **HX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card share" id="share">')
    assert 'class="qr"><title>QR code of the join link</title>' in html
    assert f"share_{night.pk}" in response.cookies


def test_a_new_link_replaces_the_old_and_stopping_closes_it(
    alice_client: Client, night: Night, visitor: Client, token: str
) -> None:
    alice_client.post(share_url(night))
    assert sharing.night_for_token(token) is None
    # The visitor let in by the old link is shut out, and the old link says it no longer works.
    assert visitor.get(night.get_absolute_url())["Location"].startswith(reverse("login"))
    gone = visitor.get(reverse("share_join", args=[token]))
    assert gone.status_code == 404
    assert "This join link no longer works" in gone.content.decode()
    response = alice_client.post(reverse("night_share_stop", args=[night.pk]))
    assert response.cookies[f"share_{night.pk}"].value == ""
    assert not NightLink.objects.exists()


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_only_the_owner_shares_the_night(
    client: Client, night: Night, token: str, who: str, request: Any
) -> None:
    user = request.getfixturevalue(who)
    sharing.night_join(night=night, user=user)
    client.force_login(user)
    page = client.get(night.get_absolute_url()).content.decode()
    assert share_url(night) not in page
    assert client.post(share_url(night)).status_code == 403
    assert client.post(reverse("night_share_stop", args=[night.pk])).status_code == 403
    assert sharing.night_for_token(token) == night


def test_a_stranger_cannot_share_or_see_another_night(
    client: Client, night: Night, carol: Any, bridge_game: Game
) -> None:
    client.force_login(carol)
    assert client.get(night.get_absolute_url()).status_code == 404
    assert client.get(bridge_game.get_absolute_url()).status_code == 404
    assert client.post(share_url(night)).status_code == 404


# A visitor by link reads, and writes nothing ------------------------------------------------------


def test_a_visitor_sees_the_night_and_its_boards_read_only(
    visitor: Client, night: Night, played: Game
) -> None:
    page = visitor.get(night.get_absolute_url()).content.decode()
    assert "You are watching this night by its join link" in page
    assert played.get_absolute_url() in page
    assert reverse("game_create", args=[night.pk]) not in page
    assert reverse("night_add_player", args=[night.pk]) not in page
    assert 'id="recorders"' not in page  # account names are not shown to visitors
    board = visitor.get(played.get_absolute_url())
    assert board.status_code == 200
    html = board.content.decode()
    assert 'id="board"' in html and "Mary" in html
    assert 'id="record"' not in html
    assert reverse("deal_record", args=[played.pk]) not in html
    assert "Amend" not in html and "Void" not in html
    poll = visitor.get(reverse("game_scoreboard", args=[played.pk]), **HX)
    assert poll.status_code == 200
    last = played.entries.latest("id").pk
    # The board's own poll (htmx) hears "nothing changed"; a plain conditional GET, 304.
    unchanged = f"{reverse('game_scoreboard', args=[played.pk])}?since={last}"
    assert visitor.get(unchanged, **HX).status_code == 204
    assert visitor.get(unchanged).status_code == 304


def test_a_visitor_sees_the_big_screen_and_its_cheap_poll(
    visitor: Client, played: Game, bob: Any, django_assert_num_queries: Any
) -> None:
    screen = reverse("game_screen", args=[played.pk])
    response = visitor.get(screen)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Mary" in html and "<form" not in html and "<button" not in html
    key = re.search(r'"X-Poll-Key": "([^"]+)"', html)
    assert key is not None
    last = played.entries.latest("id").pk
    # The fast path keys on the visitor's session cookie: one query, no session read.
    with django_assert_num_queries(1):
        poll = visitor.get(f"{screen}?since={last}", HTTP_X_POLL_KEY=key.group(1), **HX)
    assert poll.status_code == 204
    game_services.deal_record(game=played, by=bob, data=SAMPLE_DEALS[1])
    poll = visitor.get(f"{screen}?since={last}", HTTP_X_POLL_KEY=key.group(1), **HX)
    assert poll.status_code == 200
    assert poll.content.decode().lstrip().startswith('<section id="screen"')


def test_a_visitor_reads_the_recap_without_the_export_links(
    visitor: Client, night: Night, played: Game
) -> None:
    response = visitor.get(reverse("night_recap", args=[night.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert str(played) in html and "Mary" in html
    assert reverse("night_export", args=[night.pk]) not in html
    assert reverse("history") not in html
    page = visitor.get(night.get_absolute_url()).content.decode()
    assert reverse("night_recap", args=[night.pk]) in page
    assert reverse("night_export", args=[night.pk]) not in page


def test_a_replaced_link_shuts_the_visitor_out_of_the_screen_and_recap(
    visitor: Client, night: Night, played: Game, alice: Any
) -> None:
    sharing.link_make(night=night, by=alice)
    for url in (reverse("game_screen", args=[played.pk]), reverse("night_recap", args=[night.pk])):
        response = visitor.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))


def test_every_write_by_a_visitor_is_refused(
    visitor: Client, night: Night, played: Game, alice: Any
) -> None:
    deal = played.entries.get().pk
    entries = played.entries.count()
    writes = [
        ("post", reverse("night_add_player", args=[night.pk]), {"name": "Harriet"}),
        ("post", reverse("night_add_recorder", args=[night.pk]), {"username": "alice"}),
        ("post", reverse("night_remove_recorder", args=[night.pk]), {"username": "bob"}),
        ("post", reverse("night_person_role", args=[night.pk]), {"username": "bob"}),
        ("post", reverse("night_person_remove", args=[night.pk]), {"username": "bob"}),
        ("post", share_url(night), {}),
        ("post", reverse("night_share_stop", args=[night.pk]), {}),
        ("get", reverse("game_create", args=[night.pk]) + "?game=bridge-rummy", {}),
        ("post", reverse("game_create", args=[night.pk]), {"game": "bridge-rummy"}),
        ("post", reverse("deal_record", args=[played.pk]), {"number": "2"}),
        ("get", reverse("deal_amend", args=[played.pk, deal]), {}),
        ("post", reverse("deal_amend", args=[played.pk, deal]), {}),
        ("post", reverse("deal_void", args=[played.pk, deal]), {"revision": str(deal)}),
        ("post", reverse("night_create"), {"date": "2026-01-01"}),
    ]
    for method, url, data in writes:
        response = getattr(visitor, method)(url, data)
        assert response.status_code == 403, (url, response.status_code)
    assert played.entries.count() == entries
    assert night.games.count() == 1
    assert list(night.recorders.values_list("username", flat=True)) == ["bob"]
    assert NightLink.objects.filter(night=night).exists()


def test_the_api_stays_closed_to_a_visitor(visitor: Client, night: Night, played: Game) -> None:
    for url in (
        reverse("api_night", args=[night.pk]),
        reverse("api_game_standings", args=[played.pk]),
        reverse("api_nights"),
    ):
        assert visitor.get(url).status_code in (401, 403)
    response = visitor.post(
        reverse("api_game_deals", args=[played.pk]), {"deal": SAMPLE_DEALS[1]}, "application/json"
    )
    assert response.status_code in (401, 403)
    assert played.entries.count() == 1


def test_a_visitor_sees_no_other_night(visitor: Client, alice: Any) -> None:
    other = NightFactory(owner=alice)
    response = visitor.get(other.get_absolute_url())
    assert response["Location"].startswith(reverse("login"))


def test_a_visitor_who_signs_in_joins_as_a_viewer(visitor: Client, night: Night, dave: Any) -> None:
    response = visitor.post(
        reverse("login") + f"?next={night.get_absolute_url()}",
        {"username": "dave", "password": "password", "next": night.get_absolute_url()},
    )
    assert response.status_code == 302
    assert sharing.role_of(dave, night) == "viewer"
    assert visitor.get(night.get_absolute_url()).status_code == 200
    home = visitor.get(reverse("home")).content.decode()
    assert night.get_absolute_url() in home


def test_signing_in_after_the_link_was_replaced_joins_nothing(
    visitor: Client, night: Night, alice: Any, dave: Any
) -> None:
    sharing.link_make(night=night, by=alice)
    visitor.post(reverse("login"), {"username": "dave", "password": "password"})
    assert sharing.role_of(dave, night) is None


# A signed-in person who opens the link ------------------------------------------------------------


def test_opening_the_link_signed_in_makes_a_viewer(
    client: Client, night: Night, token: str, dave: Any, played: Game
) -> None:
    client.force_login(dave)
    response = client.get(reverse("share_join", args=[token]), follow=True)
    assert response.status_code == 200
    assert "You are watching" in response.content.decode()
    assert NightViewer.objects.filter(night=night, user=dave).exists()
    html = client.get(played.get_absolute_url()).content.decode()
    assert 'id="board"' in html and 'id="record"' not in html
    assert client.post(reverse("deal_record", args=[played.pk]), {"number": "2"}).status_code == 403
    assert client.get(reverse("game_create", args=[night.pk])).status_code == 403
    deal = played.entries.get().pk
    assert client.get(reverse("deal_amend", args=[played.pk, deal])).status_code == 403
    assert (
        client.post(reverse("night_add_player", args=[night.pk]), {"name": "X"}).status_code == 403
    )
    assert played.entries.count() == 1


def test_the_join_link_is_not_cached(client: Client, token: str) -> None:
    response = client.get(reverse("share_join", args=[token]))
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]


# The owner turns a viewer into a recorder and back ------------------------------------------------


def role_url(night: Night) -> str:
    return reverse("night_person_role", args=[night.pk])


def test_the_owner_sees_who_watches_and_lets_them_record(
    alice_client: Client, night: Night, dave: Any
) -> None:
    sharing.night_join(night=night, user=dave)
    page = alice_client.get(night.get_absolute_url()).content.decode()
    assert 'aria-label="Let record: dave"' in page
    response = alice_client.post(role_url(night), {"username": "dave", "role": "recorder"})
    assert response["Location"] == night.get_absolute_url()
    assert sharing.role_of(dave, night) == "recorder"
    page = alice_client.get(night.get_absolute_url()).content.decode()
    assert 'aria-label="Watch only: dave"' in page


def test_with_htmx_a_role_change_swaps_the_people(
    alice_client: Client, night: Night, bob: Any
) -> None:
    response = alice_client.post(role_url(night), {"username": "bob", "role": "viewer"}, **HX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card" id="recorders">')
    assert 'aria-label="Let record: bob"' in html
    assert sharing.role_of(bob, night) == "viewer"


def test_the_owner_removes_a_viewer(alice_client: Client, night: Night, dave: Any) -> None:
    sharing.night_join(night=night, user=dave)
    alice_client.post(reverse("night_person_remove", args=[night.pk]), {"username": "dave"})
    assert sharing.role_of(dave, night) is None


@pytest.mark.parametrize("name", ["carol", "nobody"])
def test_a_name_without_a_part_is_said_inline_and_the_same_for_any_account(
    alice_client: Client, night: Night, carol: Any, name: str
) -> None:
    response = alice_client.post(role_url(night), {"username": name, "role": "recorder"})
    assert response.status_code == 400
    assert (
        f"&#x27;{name}&#x27; does not record in or watch this night." in response.content.decode()
    )
    htmx = alice_client.post(role_url(night), {"username": name, "role": "recorder"}, **HX)
    assert htmx.status_code == 200
    assert "does not record in or watch this night." in htmx.content.decode()


def test_a_bad_role_is_said_inline(alice_client: Client, night: Night, bob: Any) -> None:
    response = alice_client.post(role_url(night), {"username": "bob", "role": "owner"})
    assert response.status_code == 400
    assert sharing.role_of(bob, night) == "recorder"


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_only_the_owner_changes_roles(
    client: Client, night: Night, dave: Any, who: str, request: Any
) -> None:
    sharing.night_join(night=night, user=dave)
    client.force_login(request.getfixturevalue(who))
    assert client.post(role_url(night), {"username": "dave", "role": "recorder"}).status_code == 403
    remove = reverse("night_person_remove", args=[night.pk])
    assert client.post(remove, {"username": "bob"}).status_code == 403
    assert sharing.role_of(dave, night) == "viewer"
