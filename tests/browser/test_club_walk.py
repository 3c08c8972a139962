"""A club's life on three phones at 390x844 (issue 29): Ann starts a club and invites Ben and Cy
by QR; Ben hosts a night and Ann the next, from one roster; Cy links herself to her player and
sees both nights on her own page; a season ends, and the next one is named.

Each person signs up through the pages. Each step asserts what its page says and that nothing
is wider than the phone; a picture of each main step is kept in test-results/, and four of them
in docs/images/ (docs/clubs.md shows them).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import segno
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from adjudicator.games import get_game
from scorekeeper.clubs import seasons as season_reads
from scorekeeper.models import Club, Night, Player
from scorekeeper.pages.views.night_page import qr_svg
from tests.browser import test_doc_pictures as doc
from tests.browser.hands import record_hand
from tests.browser.test_narrow import OVERFLOWING

PHONE = doc.PHONE_390
EXAMPLE_LINK = "https://scorekeeper.example/clubs/join/WzEsImludml0ZSJd:example/"
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "club-walk"
TREIKORT = get_game("treikort")  # three players, six hands from start to end
doc.PICTURES.update(
    {
        "club-page.png": "a club's page on a 390 px phone: the season's leaderboard and its nights",
        "club-invite.png": "an invitation to the club: its QR code and the link it encodes",
        "club-my-page.png": "Cy's own page: her games at both hosts' nights, as one player",
        "club-final-table.png": "a finished season's final table and its share card",
    }
)


# How many lines an element's text takes.
LINES = "e => { const r = document.createRange(); r.selectNodeContents(e); return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"


def phone(browser: Browser, name: str) -> Page:
    context = browser.new_context(
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
        locale="en-GB",
        timezone_id="Europe/London",
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def fits(page: Page) -> None:
    """Nothing wider than the phone, and no sideways scrolling."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], page.url
    assert page.evaluate(OVERFLOWING) == [], page.url


def shot(page: Page, name: str) -> None:
    fits(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def sign_up(page: Page, username: str) -> None:
    """The sign-up page's own form (wherever it was reached from)."""
    expect(page.locator("h1")).to_have_text("Create an account")
    page.fill("#id_username", username)
    page.fill("#id_password1", "a long table password")
    page.fill("#id_password2", "a long table password")
    page.get_by_role("button", name="Create account").click()


def qr_of(url: str) -> str:
    """The QR code's modules for ``url``, drawn as the view draws them (segno, error level M)."""
    return segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff")


def path_of(svg: str) -> str:
    """The dark modules' path (the last one: a light background may come first)."""
    start = svg.rindex(' d="') + 4
    return svg[start : svg.index('"', start)]


def join_by_qr(page: Page, url: str, username: str, club: str) -> None:
    """Scanned: the link opened signed out, an account made, back at the invitation, Join."""
    page.goto(url)
    expect(page.locator("h1")).to_have_text(f"Join {club}")
    expect(page.locator("main")).to_contain_text(f"You are invited to {club}. Sign in")
    fits(page)
    page.get_by_role("link", name="Create an account").click()
    sign_up(page, username)
    page.wait_for_url(url)
    page.get_by_role("button", name=f"Join {club}").click()
    expect(page.locator("h1").first).to_have_text(club)
    expect(page.locator("main")).to_contain_text("You are its member.")


def quick_game() -> list[dict[str, Any]]:
    """Sample hands of Treikort, each recorded by tricks won, that make a whole game."""
    options, hands, read = TREIKORT.options(), [], []
    for number in range(1, 400):
        hand = TREIKORT.sample_deal(players=3, options=options, number=number)
        if set(hand) != {"won"}:
            continue
        read.append(TREIKORT.parse_deal(hand, players=3, options=options))
        hands.append(hand)
        if TREIKORT.tally(read, players=3, options=options).finished:
            return hands
    raise AssertionError("no whole game of Treikort by tricks won")


def play_treikort(page: Page, names: list[str]) -> None:
    """From the night's page: Treikort for the three at the table, recorded hand by hand to its
    end (the sample hands that end a game)."""
    page.get_by_role("link", name="Treikort", exact=True).click()
    page.get_by_role("button", name="Start Treikort").click()
    expect(page.locator("#board thead th:not(:first-child)")).to_have_text(names)
    way = next(w for w in TREIKORT.record(TREIKORT.options(), 3).ways if w.key == "quick")
    for number, hand in enumerate(quick_game(), start=1):
        record_hand(page, TREIKORT, way, hand, names)
        expect(page.locator("#recorded")).to_contain_text(f"Hand {number} recorded")
    expect(page.locator("#recorded .recorded-verdict")).to_contain_text("Game over")


@pytest.fixture
def phones(browser: Browser, live_server: Any, transactional_db: Any) -> Iterator[list[Page]]:
    """Ann's, Ben's and Cy's phones, closed before the database goes (a board polls)."""
    pages = [phone(browser, name) for name in ("ann", "ben", "cy")]
    yield pages
    for page in pages:
        page.context.close()


def test_a_club_on_three_phones(phones: list[Page], live_server: Any, monkeypatch: Any) -> None:
    site = live_server.url
    today = timezone.localdate()
    autumn_starts = today - datetime.timedelta(days=28)
    bens_night, anns_night = (today - datetime.timedelta(days=d) for d in (14, 7))
    ann, ben, cy = phones

    # Ann signs up, and starts a club from the home page.
    ann.goto(f"{site}/accounts/signup/")
    sign_up(ann, "ann")
    ann.wait_for_url(f"{site}/")
    ann.get_by_role("link", name="Your clubs").click()
    expect(ann.locator("main")).to_contain_text("You are in no club yet.")
    ann.get_by_label("The club's name").fill("Thursday Treikort")
    ann.get_by_role("button", name="Start the club").click()
    expect(ann.locator("h1").first).to_have_text("Thursday Treikort")
    expect(ann.locator("main")).to_contain_text("You are its organiser.")
    club = Club.objects.get()

    # Her first season: from four weeks ago, to the end of next month.
    ann.get_by_role("link", name="Seasons").click()
    expect(ann.locator("main")).to_contain_text("No seasons yet")
    ann.get_by_label("Name").fill("Autumn")
    ann.get_by_label("Starts").fill(autumn_starts.isoformat())
    ann.get_by_label("Ends").fill((today + datetime.timedelta(days=40)).isoformat())
    ann.get_by_role("button", name="Name the season").click()
    expect(ann.locator("#seasons")).to_contain_text("Autumn")
    expect(ann.locator("#seasons")).to_contain_text("now")
    fits(ann)

    # An invitation link and its QR code: the code encodes exactly the link shown.
    ann.get_by_role("link", name="Members").click()
    ann.get_by_role("button", name="Make an invitation link").click()
    link = ann.locator("#join-url")
    expect(link).to_be_visible()
    url = link.input_value()
    assert url.startswith(f"{site}/clubs/join/"), url
    drawn = ann.locator("#invite figure.qr-box svg").evaluate("svg => svg.outerHTML")
    assert path_of(drawn) == path_of(qr_of(url))
    assert path_of(drawn) != path_of(qr_of(url + "x"))
    shot(ann, "1-invitation")
    # The docs' picture shows a fixed example link, drawn by the view's own function: a new
    # token (and the test server's port) each run would rewrite the picture every time.
    ann.evaluate(
        "([svg, url]) => { document.querySelector('#invite figure.qr-box').innerHTML = svg;"
        " document.querySelector('#join-url').value = url; }",
        [str(qr_svg(EXAMPLE_LINK)), EXAMPLE_LINK],
    )
    doc.keep(ann, "club-invite.png", clip=doc.band(ann, ann.locator("#invite h2"), link))

    # Ben and Cy scan it, signed out: each signs up, comes back to it and joins.
    join_by_qr(ben, url, "ben", "Thursday Treikort")
    join_by_qr(cy, url, "cy", "Thursday Treikort")
    shot(cy, "2-cy-joined")

    # Ann makes Ben a recorder.
    ann.reload()
    ann.get_by_label("Role of ben").select_option("recorder")
    ann.locator("#members li", has_text="ben").get_by_role("button", name="Change").click()
    expect(ann.locator("#members li", has_text="ben")).to_contain_text("(recorder)")
    expect(ann.locator("#members li", has_text="cy")).to_contain_text("(member)")

    # Ben hosts a night from the club's page, two weeks ago: Ann, Ben and Cy at the table.
    ben.reload()
    expect(ben.locator("main")).to_contain_text("You are its recorder.")
    new_night = ben.locator("#new-night")
    new_night.get_by_label("Date").fill(bens_night.isoformat())
    new_night.get_by_role("button", name="Start the club's night").click()
    ben.wait_for_url(f"{site}/nights/*/")
    for name in ("Ann", "Ben", "Cy"):
        ben.locator("#players input[name=name][type=text]").fill(name)
        ben.get_by_role("button", name="Add player").click()
        expect(ben.locator("#players summary.chip", has_text=name)).to_be_visible()
    play_treikort(ben, ["Ann", "Ben", "Cy"])
    shot(ben, "3-bens-night")

    # A week later Ann hosts: the same three come from the club's one roster.
    ann.goto(f"{site}{club.get_absolute_url()}")
    ann.locator("#new-night").get_by_label("Date").fill(anns_night.isoformat())
    ann.get_by_role("button", name="Start the club's night").click()
    ann.wait_for_url(f"{site}/nights/*/")
    for name in ("Ann", "Ben", "Cy"):
        ann.get_by_role("button", name=f"Sit {name} down").click()
        expect(ann.locator("#players summary.chip", has_text=name)).to_be_visible()
    play_treikort(ann, ["Ann", "Ben", "Cy"])
    assert Player.objects.filter(club=club, name="Cy").count() == 1
    assert Night.objects.filter(club=club).count() == 2

    # The club's page: the season's leaderboard over both nights, and the nights by host.
    ann.goto(f"{site}{club.get_absolute_url()}")
    expect(ann.locator("#board-title")).to_have_text("Leaderboard: Autumn")
    nights = ann.locator("section[aria-labelledby=nights-title]")
    expect(nights).to_contain_text("(ann's)")
    expect(nights).to_contain_text("(ben's)")
    expect(nights.locator("h2")).to_contain_text("(2)")
    shot(ann, "4-club-page")
    board = ann.locator("section[aria-labelledby=board-title]")
    doc.keep(ann, "club-page.png", clip=doc.band(ann, ann.locator("main h1").first, board))

    # Cy says which player she is; Ann confirms on her phone.
    cy.goto(f"{site}{club.get_absolute_url()}roster/")
    cy.get_by_role("button", name="This is me: Cy").click()
    expect(cy.locator("#roster")).to_contain_text("You said you are Cy: an organiser will confirm")
    ann.goto(f"{site}{club.get_absolute_url()}roster/")
    claims = ann.locator("#claims")
    expect(claims).to_contain_text("cy says they are Cy")
    claims.get_by_role("button", name="Confirm").click()
    expect(ann.locator("#roster li", has_text="Cy")).to_contain_text("(cy)")

    # Cy's own page: both nights' games, as one player.
    cy.goto(f"{site}/")
    cy.get_by_role("link", name="My page").first.click()
    mine = cy.locator("main")
    expect(mine.locator("h1")).to_have_text("My page")
    expect(mine).to_contain_text("Your games at every club and host: 2 nights.")
    chip = mine.locator("ul.chips li", has_text="Cy at Thursday Treikort")
    assert chip.evaluate("li => getComputedStyle(li).listStyleType") == "none"
    expect(mine).to_contain_text("2 games played, 0 won.")
    expect(mine.locator("table.stats tbody tr").first).to_have_text(re.compile(r"Treikort\s*2\s*0"))
    # Whole words in the ratings' table: its game's name and its headings on one line each.
    ratings = mine.locator("table.club-ratings")
    for cell in (ratings.locator("tbody th").first, ratings.locator("thead th").last):
        assert cell.evaluate(LINES) == 1, cell.inner_text()
    shot(cy, "5-cy-my-page")
    doc.keep(
        cy,
        "club-my-page.png",
        clip=doc.band(cy, mine.locator("h1"), mine.locator("table.stats").first),
    )

    # Ann ends Autumn today, and names Winter: it starts tomorrow.
    ann.goto(f"{site}{club.get_absolute_url()}seasons/")
    ann.locator("#seasons summary", has_text="End today").click()
    ann.get_by_role("button", name="End Autumn today").click()
    autumn = ann.locator("#seasons li", has_text="Autumn")
    expect(autumn).to_contain_text(f"{today.day} {today.strftime('%b %Y')} · its last day")
    expect(autumn).to_contain_text("the table is final from tomorrow")
    expect(autumn.get_by_text("End today")).to_have_count(0)
    tomorrow = today + datetime.timedelta(days=1)
    expect(ann.locator("#new-season")).to_contain_text(
        f"It starts on {tomorrow.day} {tomorrow.strftime('%B %Y')}"
    )
    ann.locator("#new-season").get_by_label("Name").fill("Winter")
    ann.get_by_label("Ends").fill((today + datetime.timedelta(days=90)).isoformat())
    ann.get_by_role("button", name="Name the season").click()
    expect(ann.locator("#seasons")).to_contain_text("Winter")
    shot(ann, "6-seasons")
    ann.get_by_role("link", name="Autumn").click()
    season = ann.locator("section[aria-labelledby=season-title]")
    expect(season.locator("h2")).to_have_text("The table so far")

    # The next day Autumn is over: its page shows the final table and its share card.
    monkeypatch.setattr(season_reads, "timezone", SimpleNamespace(localdate=lambda: tomorrow))
    ann.reload()
    expect(season.locator("h2")).to_have_text("Final table")
    expect(season).to_contain_text("2 nights")
    card = season.locator(".result-card")
    expect(card).to_contain_text("Share the result:")
    expect(card.get_by_role("button", name="Square picture")).to_be_visible()
    assert card.get_attribute("data-result-card").endswith("/card.svg")  # type: ignore[union-attr]
    shot(ann, "7-final-table")
    # From the table's heading: the season's dates above it change every day.
    doc.keep(ann, "club-final-table.png", clip=doc.band(ann, season.locator("h2"), card))
