"""The profiles page, picking or saving house rules when starting a game, and the game page's
list of differences from the published rules."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game, HouseRuleProfile, Night
from tests.factories import GameFactory, HouseRuleProfileFactory, PlayerFactory

HX = {"HTTP_HX_REQUEST": "true"}
NANNI = {"penalty_on_tie": True, "tied_winners": "each_full"}


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


@pytest.fixture
def nanni(alice: Any) -> HouseRuleProfile:
    return HouseRuleProfileFactory(
        owner=alice, slug="knock-rummy", name="Nanni's rules", options=NANNI
    )


@pytest.fixture
def table(night: Night, alice: Any) -> list[Any]:
    players = [PlayerFactory(owner=alice, name=n) for n in ("Ann", "Ben", "Cy")]
    night.players.add(*players)
    return players


def start_url(night: Night) -> str:
    return reverse("game_create", args=[night.pk])


def checked(html: str, name: str) -> bool:
    tag = re.search(rf'<input type="checkbox" name="{name}"[^>]*>', html)
    assert tag, name
    return " checked" in tag.group(0)


def selected(html: str, name: str) -> str:
    select = html[html.index(f'name="{name}"') :]
    select = select[: select.index("</select>")]
    match = re.search(r'<option value="([^"]*)" selected>', select)
    return match.group(1) if match else ""


# The profiles page ------------------------------------------------------------------------------


def test_the_page_lists_profiles_per_game_with_their_differences(
    alice_client: Client, nanni: HouseRuleProfile, alice: Any
) -> None:
    HouseRuleProfileFactory(owner=alice, slug="rummy", name="Plain")
    html = alice_client.get(reverse("profiles")).content.decode()
    assert html.index('<h2 id="profiles-rummy">Rummy</h2>') > 0
    assert "Knock Rummy</h2>" in html and "Nanni&#x27;s rules" in html
    assert "Penalty on tie" in html and "K-1" in html and "K-2" in html
    assert "The published rules, unchanged." in html


def test_nobody_sees_anyone_elses_profiles(
    client: Client, carol: Any, nanni: HouseRuleProfile
) -> None:
    client.force_login(carol)
    assert "Nanni" not in client.get(reverse("profiles")).content.decode()
    assert client.get(reverse("profile_edit", args=[nanni.pk])).status_code == 404
    assert client.post(reverse("profile_delete", args=[nanni.pk])).status_code == 404
    assert HouseRuleProfile.objects.filter(pk=nanni.pk).exists()


def test_the_page_needs_a_sign_in(client: Client) -> None:
    assert client.get(reverse("profiles")).status_code == 302


def test_create_from_the_house_rule_form(alice_client: Client, alice: Any) -> None:
    form_page = alice_client.get(reverse("profile_create") + "?game=knock-rummy").content.decode()
    assert 'name="option_penalty_on_tie"' in form_page and "(K-1)" in form_page
    response = alice_client.post(
        reverse("profile_create"),
        {
            "game": "knock-rummy",
            "name": "Nanni's rules",
            "option_penalty_on_tie": "on",
            "option_tied_winners": "each_full",
            "option_target": "0",
        },
    )
    profile = HouseRuleProfile.objects.get(owner=alice)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('profiles')}#profile-{profile.pk}"
    assert profile.options["penalty_on_tie"] is True
    assert profile.options["tied_winners"] == "each_full"


def test_a_bad_value_is_shown_inline_and_nothing_saved(alice_client: Client) -> None:
    response = alice_client.post(
        reverse("profile_create"),
        {"game": "knock-rummy", "name": "N", "option_tied_winners": "all", "option_target": "x"},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert html.count('class="errorlist') >= 2
    assert not HouseRuleProfile.objects.exists()


def test_a_name_taken_is_said_next_to_the_name(
    alice_client: Client, nanni: HouseRuleProfile
) -> None:
    response = alice_client.post(
        reverse("profile_create"),
        {
            "game": "knock-rummy",
            "name": "nanni's RULES",
            "option_target": "0",
            "option_tied_winners": "share",
        },
    )
    assert response.status_code == 400
    assert "You already have house rules called" in response.content.decode()


def test_an_unknown_game_goes_back_to_the_list(alice_client: Client) -> None:
    response = alice_client.get(reverse("profile_create") + "?game=snap")
    assert response.status_code == 302


def test_edit_shows_the_saved_rules_and_saves_changes(
    alice_client: Client, nanni: HouseRuleProfile
) -> None:
    html = alice_client.get(reverse("profile_edit", args=[nanni.pk])).content.decode()
    assert checked(html, "option_penalty_on_tie")
    assert selected(html, "option_tied_winners") == "each_full"
    assert 'value="Nanni&#x27;s rules"' in html
    response = alice_client.post(
        reverse("profile_edit", args=[nanni.pk]),
        {"name": "Nanni's new rules", "option_tied_winners": "share", "option_target": "50"},
    )
    assert response.status_code == 302
    nanni.refresh_from_db()
    assert nanni.name == "Nanni's new rules"
    assert nanni.options["penalty_on_tie"] is False
    assert nanni.options["target"] == 50


def test_delete(alice_client: Client, nanni: HouseRuleProfile) -> None:
    response = alice_client.post(reverse("profile_delete", args=[nanni.pk]))
    assert response.status_code == 302
    assert not HouseRuleProfile.objects.exists()


def test_delete_with_htmx_swaps_the_row_out(alice_client: Client, nanni: HouseRuleProfile) -> None:
    response = alice_client.post(reverse("profile_delete", args=[nanni.pk]), **HX)
    assert response.status_code == 200
    assert response.content == b""


# Starting a game from a profile -----------------------------------------------------------------


def test_the_start_form_offers_the_games_profiles_only(
    alice_client: Client, night: Night, nanni: HouseRuleProfile, alice: Any
) -> None:
    HouseRuleProfileFactory(owner=alice, slug="rummy", name="Rummy night")
    html = alice_client.get(start_url(night) + "?game=knock-rummy").content.decode()
    assert "Nanni&#x27;s rules</option>" in html
    assert "Rummy night" not in html
    assert not checked(html, "option_penalty_on_tie")


def test_a_profile_in_the_query_fills_the_house_rules_without_scripts(
    alice_client: Client, night: Night, nanni: HouseRuleProfile
) -> None:
    html = alice_client.get(
        start_url(night) + f"?game=knock-rummy&profile={nanni.pk}"
    ).content.decode()
    assert "<!doctype html>" in html
    assert checked(html, "option_penalty_on_tie")
    assert selected(html, "option_tied_winners") == "each_full"
    assert selected(html, "profile") == str(nanni.pk)
    assert '<details class="house-rules" open>' in html


def test_htmx_swaps_just_the_house_rules(
    alice_client: Client, night: Night, nanni: HouseRuleProfile
) -> None:
    html = alice_client.get(
        start_url(night) + f"?game=knock-rummy&profile={nanni.pk}", **HX
    ).content.decode()
    assert html.lstrip().startswith('<div id="house-rules">')
    assert "<!doctype" not in html and 'name="seat_0"' not in html
    assert checked(html, "option_penalty_on_tie")
    # Back to the published rules.
    html = alice_client.get(start_url(night) + "?game=knock-rummy&profile=", **HX).content.decode()
    assert not checked(html, "option_penalty_on_tie")


@pytest.mark.parametrize("raw", ["99999", "²", "9" * 30, "x"])
def test_a_profile_not_yours_or_not_a_number_is_404(
    alice_client: Client, night: Night, raw: str
) -> None:
    response = alice_client.get(start_url(night) + f"?game=knock-rummy&profile={raw}")
    assert response.status_code == 404


def test_someone_elses_profile_is_404_on_the_start_form(
    client: Client, bob: Any, night: Night, nanni: HouseRuleProfile
) -> None:
    client.force_login(bob)  # bob records in alice's night, but the profile is hers
    response = client.get(start_url(night) + f"?game=knock-rummy&profile={nanni.pk}")
    assert response.status_code == 404


def test_another_games_profile_is_404(
    alice_client: Client, night: Night, nanni: HouseRuleProfile
) -> None:
    response = alice_client.get(start_url(night) + f"?game=rummy&profile={nanni.pk}")
    assert response.status_code == 404


def test_starting_with_the_rules_of_a_profile(
    alice_client: Client, night: Night, nanni: HouseRuleProfile, table: list[Any]
) -> None:
    ann, ben, cy = table
    response = alice_client.post(
        start_url(night),
        {
            "game": "knock-rummy",
            "seat_0": ann.pk,
            "seat_1": ben.pk,
            "seat_2": cy.pk,
            "option_penalty_on_tie": "on",
            "option_tied_winners": "each_full",
            "option_target": "0",
            "name": "",  # the save-as-profile name, left empty: only starting
        },
    )
    game = Game.objects.get(night=night, slug="knock-rummy")
    assert response.status_code == 302
    assert game.options["penalty_on_tie"] is True
    assert HouseRuleProfile.objects.count() == 1


def test_saving_the_house_rules_from_the_start_form(
    alice_client: Client, night: Night, alice: Any, table: list[Any]
) -> None:
    ann = table[0]
    # Seats half chosen: saving the house rules does not need them, nor complain about them.
    response = alice_client.post(
        start_url(night),
        {
            "game": "knock-rummy",
            "seat_0": ann.pk,
            "option_penalty_on_tie": "on",
            "option_target": "100",
            "option_tied_winners": "share",
            "name": "Nanni's rules",
            "save_profile": "1",
        },
    )
    assert response.status_code == 200
    html = response.content.decode()
    profile = HouseRuleProfile.objects.get(owner=alice)
    assert (profile.name, profile.options["target"]) == ("Nanni's rules", 100)
    assert "Saved as Nanni&#x27;s rules." in html
    assert selected(html, "profile") == str(profile.pk)
    assert selected(html, "seat_0") == str(ann.pk)  # what was entered stays
    assert "This field is required" not in html
    assert not Game.objects.exists()


def test_saving_from_the_start_form_with_htmx_swaps_the_house_rules(
    alice_client: Client, night: Night, alice: Any
) -> None:
    response = alice_client.post(
        start_url(night),
        {
            "game": "knock-rummy",
            "option_target": "0",
            "option_tied_winners": "share",
            "name": "Ours",
            "save_profile": "1",
        },
        **HX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="house-rules">')
    assert "Saved as Ours." in html


@pytest.mark.parametrize(
    ("form", "message"),
    [
        pytest.param({"name": ""}, "This field is required", id="no-name"),
        pytest.param({"name": "Nanni's rules"}, "already have house rules called", id="taken"),
        pytest.param({"name": "N", "option_target": "-3"}, "greater than or equal to 0", id="bad"),
    ],
)
def test_saving_from_the_start_form_refused_says_why(
    alice_client: Client, night: Night, nanni: HouseRuleProfile, form: dict[str, str], message: str
) -> None:
    data = {"game": "knock-rummy", "option_target": "0", "option_tied_winners": "share"}
    data |= form | {"save_profile": "1"}
    response = alice_client.post(start_url(night), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert HouseRuleProfile.objects.count() == 1


# The game page ---------------------------------------------------------------------------------


def test_the_game_page_lists_every_difference(alice_client: Client, night: Night) -> None:
    game = GameFactory(
        night=night, slug="knock-rummy", options=NANNI | {"target": 0}, players=["A", "B", "C"]
    )
    html = alice_client.get(game.get_absolute_url()).content.decode()
    section = html[html.index('id="house-differences"') :]
    section = section[: section.index("</section>")]
    items = re.findall(r'<li class="difference" data-option="(\w+)">(.*?)</li>', section, re.S)
    assert [name for name, _ in items] == ["penalty_on_tie", "tied_winners"]
    tie = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", items[0][1])).strip()
    assert tie.startswith("Penalty on tie K-1 Published: off In play: on A knocker tied")
    assert "Published: Tied winners share" in items[1][1]
    assert "Each tied winner collects in full" in items[1][1]
    assert "differs from the published rules in 2 ways" in section


def test_a_game_as_published_shows_no_differences(alice_client: Client, night: Night) -> None:
    game = GameFactory(night=night, slug="knock-rummy", players=["A", "B", "C"])
    html = alice_client.get(game.get_absolute_url()).content.decode()
    assert "house-differences" not in html
