"""The changed scoreboard is rendered once per change and role, then served from the cache:
never stale, never another role's, always with the asker's own poll key and CSRF token."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.urls import reverse

from scorekeeper.access import roles, sharing
from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.live import board_cache, polling
from scorekeeper.models import Game, Membership, Player
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.standings import scoreboard
from tests.factories import (
    ClubFactory,
    GameFactory,
    MembershipFactory,
    NightFactory,
    UserFactory,
)

HX = {"HTTP_HX_REQUEST": "true"}


def board(client: Client, game: Game) -> str:
    response = client.get(reverse("game_scoreboard", args=[game.pk]) + "?since=0", **HX)
    assert response.status_code == 200
    return response.content.decode()


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def game(bridge_game: Game, alice: Any) -> Game:
    for deal in SAMPLE_DEALS[:2]:
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
    return bridge_game


@pytest.fixture
def carol_watching(game: Game, carol: Any) -> Client:
    sharing.night_join(night=game.night, user=carol)
    return signed_in(carol)


def no_replay(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the board was rendered again, not taken from the cache")


def test_the_second_phone_gets_the_kept_board(
    game: Game, alice: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = board(signed_in(alice), game)
    monkeypatch.setattr(scoreboard, "game_standings", no_replay)
    second = board(signed_in(alice), game)
    assert "<strong>Deal 2</strong>" in second
    assert strip_per_session(second) == strip_per_session(first)


def strip_per_session(html: str) -> str:
    html = re.sub(r'"X-Poll-Key": "[^"]+"', "KEY", html)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "TOKEN", html)


def test_each_phone_gets_its_own_poll_key_and_csrf_token(game: Game, alice: Any) -> None:
    one, two = signed_in(alice), signed_in(alice)
    for client in (one, two):
        html = board(client, game)
        key = re.search(r'"X-Poll-Key": "([^"]+)"', html).group(1)  # type: ignore[union-attr]
        assert re.search(r'"X-Poll-Key": "([^"]+)"', board(client, game)).group(1)  # type: ignore[union-attr]
        # The key is this session's: the fast path accepts it for this client.
        since = board_cache.last_entry_id(game)
        url = reverse("game_scoreboard", args=[game.pk]) + f"?since={since}"
        assert client.get(url, HTTP_X_POLL_KEY=key, **HX).status_code == 204
        # The token is this session's: a void posted with it passes the CSRF check.
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)  # type: ignore[union-attr]
        checked = Client(enforce_csrf_checks=True)
        checked.cookies = client.cookies
        response = checked.post(
            reverse("game_end", args=[game.pk]), {"csrfmiddlewaretoken": token}, **HX
        )
        assert response.status_code != 403
    assert "pollkey" not in html and "csrftoken" not in html  # no marker left in


def test_a_new_deal_gives_a_fresh_board(game: Game, alice: Any, carol_watching: Client) -> None:
    assert "<strong>Deal 3</strong>" not in board(carol_watching, game)
    game_services.deal_record(game=game, by=alice, data=SAMPLE_DEALS[2])
    assert "<strong>Deal 3</strong>" in board(carol_watching, game)


def test_an_amend_gives_a_fresh_board(game: Game, alice: Any, carol_watching: Client) -> None:
    assert "amended" not in board(carol_watching, game)
    last = game.entries.order_by("-id").first()
    assert last is not None
    game_services.deal_amend(
        game=game, by=alice, deal_key=last.deal_key, data=SAMPLE_DEALS[3], note="recount"
    )
    assert "amended" in board(carol_watching, game)


def test_a_renamed_player_gives_a_fresh_board(game: Game, carol_watching: Client) -> None:
    assert "Mary" in board(carol_watching, game)
    Player.objects.filter(name="Mary").update(name="Marianne")  # as the admin does
    html = board(carol_watching, game)
    assert "Marianne" in html


def test_asking_for_confirmations_gives_a_fresh_board_that_changes_nothing_recorded(
    game: Game, alice: Any, carol_watching: Client
) -> None:
    """Turning confirmations on writes a ``setting`` entry in the game's ledger: the board is
    drawn again (the newest entry is its marker), and the hands already recorded still count as
    they are; the hand recorded next waits."""
    before = board(carol_watching, game)
    assert "not confirmed yet" not in before
    confirmations.night_ask_confirmations(night=game.night, by=alice, on=True)
    after = board(carol_watching, game)
    assert after != before and "not confirmed yet" not in after
    game_services.deal_record(game=game, by=alice, data=SAMPLE_DEALS[2], seat=0)
    assert board(carol_watching, game).count('title="not confirmed yet"') == 1


def test_a_game_not_begun_follows_its_nights_setting_on_the_kept_board(
    night: Any, alice: Any
) -> None:
    """A game with no entry reads its night's setting (its first entry will seal it): the
    recorder's board asks who records once the night asks, and stops when it no longer does."""
    fresh = GameFactory(night=night, slug="bridge-rummy")
    phone = signed_in(alice)

    def page() -> str:
        return phone.get(fresh.get_absolute_url()).content.decode()

    signature = board_cache.board_signature(fresh)
    assert "Who is recording?" not in page()
    confirmations.night_ask_confirmations(night=night, by=alice, on=True)
    assert board_cache.board_signature(fresh) != signature
    assert "Who is recording?" in page()
    confirmations.night_ask_confirmations(night=night, by=alice, on=False)
    assert board_cache.board_signature(fresh) == signature
    assert "Who is recording?" not in page()


def test_a_viewer_never_gets_a_recorders_board(
    game: Game, alice: Any, carol_watching: Client
) -> None:
    assert ">Void</button>" in board(signed_in(alice), game)  # kept for a recorder
    html = board(carol_watching, game)
    assert ">Void</button>" not in html and "csrfmiddlewaretoken" not in html


def test_a_change_of_role_gives_a_fresh_board(
    game: Game, alice: Any, carol: Any, carol_watching: Client
) -> None:
    assert ">Void</button>" not in board(carol_watching, game)
    sharing.role_set(night=game.night, by=alice, username="carol", role="recorder")
    assert ">Void</button>" in board(carol_watching, game)
    sharing.role_set(night=game.night, by=alice, username="carol", role="viewer")
    assert ">Void</button>" not in board(carol_watching, game)


def test_a_board_newer_than_its_key_is_sent_not_kept(
    game: Game, alice: Any, carol_watching: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deal recorded between reading the board's signature and replaying the ledger: the
    phone gets the newer board, labelled with its version, and it is not kept under the older
    signature's key (where a later phone reading the older signature would find it)."""
    before = board_cache.board_signature(game)
    replay = scoreboard.game_standings

    def deal_lands_meanwhile(g: Game) -> Any:
        game_services.deal_record(game=g, by=alice, data=SAMPLE_DEALS[2])
        return replay(g)

    monkeypatch.setattr(scoreboard, "game_standings", deal_lands_meanwhile)
    response = carol_watching.get(reverse("game_scoreboard", args=[game.pk]) + "?since=0", **HX)
    assert "<strong>Deal 3</strong>" in response.content.decode()
    assert response["ETag"] == f'"g{game.pk}-{board_cache.last_entry_id(game)}"'
    assert cache.get(board_cache.board_key(game.pk, before, False)) is None


def test_the_boards_access_check_agrees_with_the_pages(
    game: Game, alice: Any, bob: Any, carol: Any
) -> None:
    """One query stands for ``games_for_user`` and ``can_record`` on the scoreboard: the same
    answer for the owner, a recorder, a viewer and a stranger, and the same signature."""
    stranger = UserFactory(username="dave")
    sharing.night_join(night=game.night, user=carol)
    for user in (alice, bob, carol, stranger):
        access = board_cache.board_access(user.pk, game.pk)
        visible = roles.games_for_user(user).filter(pk=game.pk).exists()
        assert (access is not None) == visible, user.username
        if access is not None:
            assert access.can_record == roles.can_record(user, game.night), user.username
            assert access.signature == board_cache.board_signature(game)
    assert board_cache.board_access(alice.pk, game.pk + 1000) is None


@pytest.mark.django_db
def test_the_board_access_query_reads_a_club_nights_roles_as_the_access_module_does() -> None:
    """A club's night: its members see the board, its organisers and recorders record, a
    former member and a stranger get none (issue 29: the query once knew no clubs, so every
    club member's scoreboard was a 404)."""
    host = UserFactory(username="host")
    club = ClubFactory(created_by=host)
    people = {role: UserFactory(username=str(role)) for role in Membership.Role}
    for role, user in people.items():
        MembershipFactory(club=club, user=user, role=role)
    night = NightFactory(owner=host, club=club)
    game = GameFactory(night=night, players=["Ann", "Ben"])
    former = UserFactory(username="former")
    MembershipFactory(club=club, user=former).delete()
    for user in (*people.values(), former, UserFactory(username="stranger")):
        access = board_cache.board_access(user.pk, game.pk)
        visible = roles.games_for_user(user).filter(pk=game.pk).exists()
        assert (access is not None) == visible, user.username
        if access is not None:
            assert access.can_record == roles.can_record(user, night), user.username
    member = board_cache.board_access(people[Membership.Role.MEMBER].pk, game.pk)
    recorder = board_cache.board_access(people[Membership.Role.RECORDER].pk, game.pk)
    assert member is not None and not member.can_record
    assert recorder is not None and recorder.can_record
    assert board_cache.board_access(former.pk, game.pk) is None


def test_a_stranger_gets_no_board(game: Game) -> None:
    response = signed_in(UserFactory(username="dave")).get(
        reverse("game_scoreboard", args=[game.pk]) + "?since=0", **HX
    )
    assert response.status_code == 404


# A watcher's kept board, answered before the session and sign-in layers ------------------------


@pytest.fixture
def no_session(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any request that reaches the session or sign-in layers fails the test."""
    from django.contrib.auth.middleware import AuthenticationMiddleware
    from django.contrib.sessions.middleware import SessionMiddleware

    def never(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("reached the session or sign-in layers")

    monkeypatch.setattr(SessionMiddleware, "process_request", never)
    monkeypatch.setattr(AuthenticationMiddleware, "process_request", never)


def keyed_board(client: Client, game: Game, key: str) -> Any:
    url = reverse("game_scoreboard", args=[game.pk]) + "?since=0"
    return client.get(url, HTTP_X_POLL_KEY=key, **HX)


def test_a_watchers_kept_board_is_answered_before_sessions_and_sign_in(
    game: Game,
    carol: Any,
    carol_watching: Client,
    django_assert_num_queries: Any,
    request: pytest.FixtureRequest,
) -> None:
    first = carol_watching.get(reverse("game_scoreboard", args=[game.pk]) + "?since=0", **HX)
    key = first["X-Poll-Key"]
    request.getfixturevalue("no_session")
    with django_assert_num_queries(2):  # the marker, then access and what the board shows
        fast = keyed_board(carol_watching, game, key)
    assert fast.status_code == 200
    html = fast.content.decode()
    assert "<strong>Deal 2</strong>" in html
    assert f'"X-Poll-Key": "{key}"' in html  # her own key, put into the kept board
    # The same key back, not a fresher one: it still expires five minutes after the last full
    # check of her session.
    assert fast["X-Poll-Key"] == key
    assert fast["ETag"] == f'"g{game.pk}-{game.entries.order_by("-id")[0].pk}"'
    assert strip_per_session(html) == strip_per_session(first.content.decode())


def test_a_watcher_removed_is_refused_at_once_though_her_key_is_fresh(
    game: Game, alice: Any, carol: Any, carol_watching: Client
) -> None:
    key = carol_watching.get(reverse("game_scoreboard", args=[game.pk]) + "?since=0", **HX)[
        "X-Poll-Key"
    ]
    sharing.person_remove(night=game.night, by=alice, username=carol.username)
    assert keyed_board(carol_watching, game, key).status_code == 404


def test_a_deactivated_account_gets_no_board_from_its_key(
    game: Game, carol: Any, carol_watching: Client
) -> None:
    key = carol_watching.get(reverse("game_scoreboard", args=[game.pk]) + "?since=0", **HX)[
        "X-Poll-Key"
    ]
    carol.is_active = False
    carol.save()
    response = keyed_board(carol_watching, game, key)
    assert response.status_code == 302  # signed out: to the sign-in page
    assert "Deal 2" not in response.content.decode()


def test_a_recorders_board_takes_the_full_path(
    game: Game, alice: Any, request: pytest.FixtureRequest
) -> None:
    # Her board has forms, whose CSRF token only the session's layers can give.
    phone = signed_in(alice)
    key = phone.get(reverse("game_scoreboard", args=[game.pk]) + "?since=0", **HX)["X-Poll-Key"]
    request.getfixturevalue("no_session")
    with pytest.raises(AssertionError, match="session or sign-in"):
        keyed_board(phone, game, key)


def test_a_key_carries_its_user_for_its_session_and_game_only(
    game: Game, carol: Any, carol_watching: Client
) -> None:
    key = carol_watching.get(reverse("game_scoreboard", args=[game.pk]) + "?since=0", **HX)[
        "X-Poll-Key"
    ]
    mine = carol_watching.cookies[settings.SESSION_COOKIE_NAME].value

    def asked(session: str, game_id: int) -> int | None:
        request = RequestFactory().get("/", HTTP_X_POLL_KEY=key)
        request.COOKIES[settings.SESSION_COOKIE_NAME] = session
        return polling.key_user(request, game_id)

    assert asked(mine, game.pk) == carol.pk
    assert asked("another-session", game.pk) is None
    assert asked(mine, game.pk + 1) is None
