"""The dispute desk's page: pick a game, a table size and a question, fill in its form, and get
the answer with its working, the readings of the house rules that change it, and (for the
night's owner and recorders) a button to save it to the night as a ruling."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from adjudicator.errors import AdjudicationError
from adjudicator.game import Game as GameDefinition
from adjudicator.games import all_games, get_game
from adjudicator.options import changed_options, options_as_dict
from adjudicator.records import TricksField
from adjudicator.said import Naming
from scorekeeper.access import roles
from scorekeeper.api import parsers
from scorekeeper.desk import asking, disputes
from scorekeeper.exceptions import ServiceError
from scorekeeper.house_rules import profile_selectors
from scorekeeper.languages.speaking import say
from scorekeeper.ledger import reading
from scorekeeper.models import Game, HouseRuleProfile, Night, Ruling
from scorekeeper.pages.desk_forms import WAY, blocks, decode, encode, pack_data, way_chosen
from scorekeeper.pages.forms import HouseRulesForm
from scorekeeper.standings import scoreboard
from scorekeeper.web.http import AuthedRequest


def _table_size(game: GameDefinition[Any, Any], raw: str | None) -> int:
    sizes = game.table_sizes()
    if raw and raw.isdecimal() and len(raw) < 3 and int(raw) in sizes:
        return int(raw)
    return 4 if 4 in sizes else sizes[0]


def _night(request: AuthedRequest, raw: str | None) -> Night | None:
    if not raw or not raw.isdecimal() or len(raw) > 18:
        return None
    return get_object_or_404(roles.nights_for_user(request.user), pk=int(raw))


def _options(request: AuthedRequest, game: GameDefinition[Any, Any]) -> dict[str, Any]:
    """The house rules to read the question under: the game's the desk was opened from, or
    ``options`` (JSON) as sent; anything unreadable falls back to the published rules."""
    raw = request.GET.get("options") or request.POST.get("options") or ""
    try:
        options = parsers.loads(raw) if raw and len(raw) < 2000 else {}
        game.options(options)
    except (ValueError, AdjudicationError, RecursionError):
        return {}
    return options if isinstance(options, dict) else {}


@dataclass
class HouseRules:
    """The desk's house rules: their form (every rule of the game), the user's saved profiles
    for it and the one picked, and the options they give (``None`` while the form is refused:
    nothing is asked until it is put right)."""

    form: HouseRulesForm
    profiles: list[HouseRuleProfile]
    profile: HouseRuleProfile | None
    options: dict[str, Any] | None

    def profile_used(self, parsed: Any) -> bool:
        """Whether the rules read are exactly the profile's (it was picked and not changed)."""
        if self.profile is None:
            return False
        try:
            mine = self.form.definition.options(self.profile.options)
        except AdjudicationError:
            return False
        return bool(options_as_dict(mine) == options_as_dict(parsed))


def _house_rules(
    request: AuthedRequest, game: GameDefinition[Any, Any], options: dict[str, Any]
) -> HouseRules:
    """The house rules to ask under: a profile just picked ("use_profile"), else the rule
    fields sent (``rules`` names the game they belong to, so that fields of the game before a
    switch are not read as this one's), else ``options`` (a game's, or a link's JSON)."""
    query = request.GET
    profiles = list(profile_selectors.profiles_for_game(request.user, game.slug))
    raw = query.get("profile", "")
    profile = next((p for p in profiles if raw.isdecimal() and str(p.pk) == raw), None)
    if query.get("use_profile"):
        picked = dict(profile.options) if profile is not None else {}
        try:
            game.options(picked)
        except AdjudicationError:
            picked = {}  # a profile saved under rules the game no longer reads
        form = HouseRulesForm(definition=game, house_options=picked)
        return HouseRules(form, profiles, profile, picked)
    if query.get("rules") == game.slug:
        # A rule left out (a hand-made link) is the published one; an unticked box is off.
        sent = {
            f"option_{info.name}": str(info.default)
            for info in game.describe_options()
            if info.kind != "bool"
        } | {k: v for k, v in query.items() if k.startswith("option_")}
        form = HouseRulesForm(sent, definition=game)
        if not form.is_valid():
            return HouseRules(form, profiles, profile, None)
        try:
            game.options(form.options)
        except AdjudicationError as err:
            field = (err.field or "").removeprefix("options.")
            form.add_error(
                f"option_{field}" if f"option_{field}" in form.fields else None, err.message
            )
            return HouseRules(form, profiles, profile, None)
        return HouseRules(form, profiles, profile, form.options)
    form = HouseRulesForm(definition=game, house_options=options)
    return HouseRules(form, profiles, profile, options)


def _names(from_game: Game | None, game: GameDefinition[Any, Any], players: int) -> list[str]:
    """The players of the game the desk was opened from, in seat order, when the question is
    about that game at its table; otherwise none (the form says "Seat 1", …)."""
    if from_game is None or from_game.slug != game.slug:
        return []
    seats = sorted(from_game.seats.select_related("player"), key=lambda s: s.position)
    return [s.player.name for s in seats] if len(seats) == players else []


@dataclass(frozen=True)
class SaidQuestion:
    """A question as the desk offers it, in the language spoken: the short question a player
    puts ("Is this a meld?") and what it asks in full."""

    title: str
    summary: str


def _context(request: AuthedRequest) -> dict[str, Any]:
    query = request.GET
    from_game = None
    if query.get("from", "").isdecimal() and len(query["from"]) < 18:
        from_game = roles.games_for_user(request.user).filter(pk=int(query["from"])).first()
    slug = query.get("game") or (from_game.slug if from_game else all_games()[0].slug)
    try:
        game = get_game(slug)
    except AdjudicationError:
        game = all_games()[0]
    night = _night(request, query.get("night")) or (from_game.night if from_game else None)
    options = _options(request, game)
    if from_game is not None and from_game.slug == game.slug and "options" not in query:
        options = dict(from_game.options)
    rules = _house_rules(request, game, options)
    options = rules.options if rules.options is not None else options
    players_raw = query.get("players")
    if from_game is not None and not players_raw:
        players_raw = str(from_game.seats.count())
    players = _table_size(game, players_raw)
    names = list(game.questions())
    # "Dispute this hand": the hand of the game the desk was opened from, asked under the
    # game's own question for a recorded hand, its entries filled in.
    hand = _hand(from_game, query.get("deal"))
    asked_for = query.get("question", "") or (hand.question if hand else "")
    name = asked_for if asked_for in names else names[0]
    question = game.questions()[name]
    assert question.asks is not None
    parsed = game.options(options)
    fields = question.asks.fields(players, parsed)
    seating = game.seating(players, parsed)
    # The ways of giving the input, their labels in the language spoken.
    ways = tuple(
        dataclasses.replace(w, label=say(w.label)) for w in question.asks.ways(players, parsed)
    )
    values: dict[str, str] = {k: str(query.get(k, "")) for k in query if k.startswith("in_")}
    opened = hand is not None and not query.get("question") and game.slug == hand.game.slug
    if query.get("example"):
        values = encode(fields, question.asks.example(players, parsed), seating=seating, ways=ways)
    elif opened and hand is not None:
        values = encode(fields, hand.data, seating=seating, ways=ways)
    # A ruling is tied to the hand only when asked of that game, at its table, under its rules.
    if hand is not None and (
        game.slug != hand.game.slug
        or players != hand.players
        or changed_options(parsed) != changed_options(game.options(hand.options))
    ):
        hand = None
    asked = None
    data: dict[str, Any] = {}
    if (query.get("ask") or query.get("example") or opened) and rules.options is not None:
        data = decode(fields, values, seating=seating, ways=ways)
        asked = asking.ask(
            slug=game.slug, question=name, data=data, players=players, options=options
        )
    form_blocks = blocks(
        fields,
        values,
        seating=seating,
        pack=game.pack(parsed, players),
        slug=game.slug,
        names=_names(from_game, game, players),
        tricks=next(
            (f for f in game.record(parsed, players).fields if isinstance(f, TricksField)), None
        ),
    )
    answer_json = json.dumps(asked.answer, indent=2) if asked and asked.answer else ""
    if asked is not None:
        # Said in the language spoken, with the players' names where the desk knows them.
        names = _names(from_game, game, players)
        asked = asked.said(Naming(tuple(names), seating.sides) if names else Naming())
    if asked is not None and asked.error is not None and asked.error.path:
        for block in form_blocks:
            if block.key == asked.error.path[0]:
                block.error = asked.error.message
    return {
        "games": all_games(),
        "game": game,
        "players": players,
        "question_name": name,
        "question": SaidQuestion(say(question.title), say(question.summary)),
        "questions": {
            key: SaidQuestion(say(q.title), say(q.summary)) for key, q in game.questions().items()
        },
        "blocks": form_blocks,
        "ways": ways,
        "way": way_chosen(ways, values),
        "way_name": WAY,
        "pack": pack_data(game.pack(parsed, players)),
        "asked": asked,
        "answer_json": answer_json,
        "data_json": json.dumps(data),
        "options": options,
        "options_json": json.dumps(options),
        "rules_form": rules.form,
        "profiles": rules.profiles,
        "profile": rules.profile,
        "rules_used": profile_selectors.differences(game, options),
        "profile_used": rules.profile if rules.profile_used(parsed) else None,
        # Left open while a profile is being picked or any rule differs from the published.
        "rules_open": bool(query.get("use_profile") or rules.profile or changed_options(parsed)),
        "night": night,
        "from_game": from_game,
        "can_save": night is not None and roles.can_record(request.user, night),
        "hand": hand,
    }


def _hand(from_game: Game | None, raw: str | None) -> disputes.Hand | None:
    """The hand ``raw`` (a deal's key) of the game the desk was opened from, when it is one
    that can be disputed (a deal of that game that stands); otherwise none."""
    if from_game is None or not raw or not raw.isdecimal() or len(raw) > 18:
        return None
    try:
        return disputes.hand_of(from_game, int(raw))
    except (ServiceError, AdjudicationError):
        return None


@login_required
@require_GET
@vary_on_headers("HX-Request")
def desk_page(request: AuthedRequest) -> HttpResponse:
    """The desk; htmx swaps only the form and answer when the game, size or question changes."""
    context = _context(request)
    template = "scorekeeper/desk.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#desk"
    return render(request, template, context)


@login_required
@require_POST
def hand_dispute(request: AuthedRequest, pk: int, deal: int) -> HttpResponse:
    """Save the answer shown as a ruling about hand ``deal`` of game ``pk`` (a dispute entry in
    its ledger too); then show the ruling, with the way to amend the hand to it."""
    game = get_object_or_404(roles.games_for_user(request.user).select_related("night"), pk=pk)
    post = request.POST
    try:
        data = parsers.loads(post.get("data") or "{}")
        if not isinstance(data, dict):
            raise ValueError
        ruling = disputes.hand_dispute(
            game=game,
            deal_key=deal,
            by=request.user,
            question=post.get("question", "")[:40] or None,
            data=data,
            note=post.get("note", ""),
        )
    except (ValueError, RecursionError, AdjudicationError, ServiceError) as err:
        message = (
            err.message
            if isinstance(err, AdjudicationError | ServiceError)
            else gettext("That ruling is unreadable.")
        )
        context = {"game": game, "night": game.night, "error": message}
        return render(request, "scorekeeper/desk/ruling.html", context, status=400)
    return redirect("ruling_detail", pk=ruling.pk)


@login_required
@require_GET
def ruling_detail(request: AuthedRequest, pk: int) -> HttpResponse:
    """One saved ruling: the question, the answer and its working; for a ruling about a hand,
    that hand, the amends that settled it, and (to a recorder) "Amend hand N to this"."""
    nights = roles.nights_for_user(request.user)
    ruling = get_object_or_404(
        Ruling.objects.select_related("night", "dispute", "saved_by").filter(night__in=nights),
        pk=pk,
    )
    shown = asking.shown(ruling)
    context: dict[str, Any] = {"ruling": ruling, "shown": shown, "night": ruling.night}
    entry = ruling.dispute
    if entry is not None:
        game = entry.game
        hand = scoreboard.game_standings(game).history
        found = next((h for h in hand if h.key == entry.deal_key), None)
        settled_by = list(entry.settled_by.order_by("id"))
        context |= {
            "game": game,
            "hand": found,
            "settled_by": settled_by,
            "hand_word": reading.game_definition(game).deal_word,
            "can_amend": (
                found is not None
                and not found.voided
                and not settled_by
                and roles.can_record(request.user, game.night)
                and not reading.is_ended(game)
            ),
        }
    return render(request, "scorekeeper/desk/ruling.html", context)


@login_required
@require_POST
def ruling_save(request: AuthedRequest, pk: int) -> HttpResponse:
    """Save the answer shown to the night, under the reading chosen (the button pressed)."""
    night = get_object_or_404(roles.nights_for_user(request.user), pk=pk)
    roles.require_recorder(request.user, night, "save")  # access first: whatever was sent
    post = request.POST
    try:
        slug = post.get("game", "")
        game = get_game(slug)
        data = parsers.loads(post.get("data") or "{}")
        options = parsers.loads(post.get("options") or "{}")
        if not isinstance(data, dict) or not isinstance(options, dict):
            raise ValueError
        players_raw = post.get("players", "")
        players = _table_size(game, players_raw)
        asking.ruling_save(
            night=night,
            by=request.user,
            slug=slug,
            question=post.get("question", ""),
            data=data,
            players=players,
            options=options,
            note=post.get("note", ""),
        )
    except (ValueError, RecursionError, AdjudicationError, ServiceError) as err:
        message = (
            err.message
            if isinstance(err, AdjudicationError | ServiceError)
            else gettext("That ruling is unreadable.")
        )
        return render(
            request,
            "scorekeeper/desk/rulings.html",
            {"night": night, "rulings": asking.rulings_for_night(night), "error": message},
            status=200,
        )
    return redirect(night.get_absolute_url() + "#rulings")
