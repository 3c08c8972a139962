"""A night at the card table, kept through the generated Python client and nothing else.

    ./dev client                      # generates clients/python from the served schema
    pip install ./clients/python      # into the script's own environment
    python clients/examples/client_night.py http://127.0.0.1:8000 sk_...   # an API token

It makes four players and a night, starts Voormsi at four (partners sit crosswise), records a
hand trick by trick and two quickly, amends one and voids the other (recorded twice by
mistake), asks a Knock Rummy and a Bridge Rummy question with house rules, reads the standings
(then again with their ETag: 304, nothing changed), exports the night and imports that export
(the night is here already: nothing is written). Hand 1 is sent twice with one
``Idempotency-Key``, as a retry after a lost answer would be: the second answer is the first
again (``Idempotent-Replayed: true``) and nothing is recorded twice. It prints one ``step: what happened`` line a step and stops at the first
refusal, printing the API's error (code and sentence). tests/clients/test_example.py runs it
against a live server.
"""

from __future__ import annotations

import datetime
import sys
import uuid

from scorekeeper_client import AuthenticatedClient
from scorekeeper_client.api.adjudicate import (
    adjudicate_bridge_rummy_meld,
    adjudicate_knock_rummy_settle,
)
from scorekeeper_client.api.games import (
    amend_deal,
    get_standings,
    record_deal,
    void_deal,
)
from scorekeeper_client.api.import_ import import_nights
from scorekeeper_client.api.nights import create_night, export_night, export_night_csv, start_game
from scorekeeper_client.api.players import create_player
from scorekeeper_client.models import (
    AmendDealVoormsiRequest,
    AmendDealVoormsiRequestGame,
    AnswerBridgeRummyMeld,
    AnswerKnockRummySettle,
    AskBridgeRummyMeldFor4,
    AskKnockRummySettleFor4,
    AskKnockRummySettleFor4Players,
    DealEntryOut,
    DealVoidInRequest,
    DealVoormsiQuickFor4,
    DealVoormsiTricksFor4,
    DetailVoormsi,
    ErrorOut,
    GameOut,
    ImportOut,
    MarkEntryOut,
    NightInRequest,
    NightOut,
    OptionsBridgeRummyRequest,
    OptionsKnockRummyRequest,
    OptionsKnockRummyRequestTiedWinners,
    PlayerInRequest,
    PlayerOut,
    RecordDealVoormsiRequest,
    RecordDealVoormsiRequestGame,
    ScorekeeperExport,
    StandingsOut,
    StartGameVoormsiRequest,
    StartGameVoormsiRequestGame,
)
from scorekeeper_client.models import (
    AskKnockRummySettleFor4Cards as HandCards,
)
from scorekeeper_client.models import (
    AskKnockRummySettleFor4Count as HandCount,
)
from scorekeeper_client.models import (
    DealVoormsiQuickFor4CapturesItem as Capture,
)
from scorekeeper_client.models import (
    DealVoormsiQuickFor4CapturesItemEvent as CaptureEvent,
)
from scorekeeper_client.models import (
    DealVoormsiTricksFor4TricksItem as Trick,
)
from scorekeeper_client.models import (
    DealVoormsiTricksFor4TricksItemPlaysItem as Play,
)

# One hand of Voormsi at four, trick by trick: each trick's plays in order, (seat, cards).
# Seats 0 and 2 are partners against 1 and 3; seat 0 dealt.
HAND = [
    [(1, "KS"), (2, "KC"), (3, "AD"), (0, "7D")],
    [(3, "KH"), (0, "8H"), (1, "9H"), (2, "QD")],
    [(3, "7S"), (0, "9C"), (1, "3D"), (2, "JD")],
    [(1, "AC AH"), (2, "5H QC"), (3, "QH JH"), (0, "8S 5C")],
    [(1, "6H 6C"), (2, "QS 5S"), (3, "6D 5D"), (0, "7H 8C")],
    [(1, "JS"), (2, "8D"), (3, "AS"), (0, "JC")],
    [(0, "9S"), (1, "7C"), (2, "6S"), (3, "9D")],
]


class Refused(Exception):
    """The API said no: its error body, or an answer the script did not expect."""


def expect[T](answer: object, kind: type[T]) -> T:
    """The answer, if it is what was asked for; else why not."""
    if isinstance(answer, ErrorOut):
        raise Refused(f"{answer.code}: {answer.message}")
    if not isinstance(answer, kind):
        raise Refused(f"expected {kind.__name__}, got {answer!r}")
    return answer


def say(step: str, what: str) -> None:
    print(f"{step}: {what}", flush=True)


def night_at_the_table(client: AuthenticatedClient) -> None:
    players = [
        expect(create_player.sync(client=client, body=PlayerInRequest(name=name)), PlayerOut)
        for name in ("Ann", "Ben", "Cy", "Di")
    ]
    say("players", ", ".join(f"{p.name} ({p.id})" for p in players))

    body = NightInRequest(date=datetime.date.today(), place="The Crown")
    night = expect(create_night.sync(client=client, body=body), NightOut)
    say("night", f"{night.id} on {night.date.isoformat()} at {night.place}")

    start = StartGameVoormsiRequest(
        game=StartGameVoormsiRequestGame.VOORMSI, players=[p.id for p in players]
    )
    game = expect(start_game.sync(night.id, client=client, body=start), GameOut)
    say("game", f"{game.name} ({game.id}), teams by seat {[seat.team for seat in game.seats]}")

    # A hand trick by trick. The token makes a retry after a lost answer safe: the same token
    # with the same deal records it once.
    # The Idempotency-Key does the same for any write: the request sent again with it (the answer
    # to the first was lost) is answered as the first was, and nothing is written again.
    tricks = [Trick(plays=[Play(seat=seat, cards=cards) for seat, cards in t]) for t in HAND]
    hand_1 = RecordDealVoormsiRequest(
        game=RecordDealVoormsiRequestGame.VOORMSI,
        deal=DealVoormsiTricksFor4(dealer=0, tricks=tricks),
        token=uuid.uuid4(),
    )
    key = str(uuid.uuid4())
    sent = record_deal.sync_detailed(game.id, client=client, body=hand_1, idempotency_key=key)
    first = expect(sent.parsed, DealEntryOut)
    say("hand 1", f"recorded trick by trick (entry {first.id})")
    again = record_deal.sync_detailed(game.id, client=client, body=hand_1, idempotency_key=key)
    replayed = expect(again.parsed, DealEntryOut)
    said = again.headers.get("Idempotent-Replayed")
    say("replay", f"hand 1 sent again: entry {replayed.id}, {again.status_code:d}, replayed {said}")

    # Two hands quickly: tricks won by each side and the captures. The third is the second
    # entered again by mistake.
    quick = DealVoormsiQuickFor4(won=[6, 3], captures=[Capture(event=CaptureEvent.SIMPLE, side=0)])
    second = record(client, game, quick)
    say("hand 2", f"recorded quickly (entry {second.id})")
    twice = record(client, game, quick)
    say("hand 3", f"recorded quickly (entry {twice.id})")

    # Hand 2 was 5 tricks to 4 after all. `revision` is the entry being corrected: had someone
    # changed the deal meanwhile, the answer would be 409 (stale_revision).
    fixed = DealVoormsiQuickFor4(won=[5, 4], captures=[Capture(event=CaptureEvent.SIMPLE, side=0)])
    amend = AmendDealVoormsiRequest(
        game=AmendDealVoormsiRequestGame.VOORMSI,
        deal=fixed,
        revision=second.id,
        note="5 tricks to 4, not 6 to 3",
    )
    amended = expect(amend_deal.sync(game.id, second.deal, client=client, body=amend), DealEntryOut)
    say("amend", f"hand 2 amended (entry {amended.id} supersedes {amended.supersedes})")

    void = DealVoidInRequest(revision=twice.id, note="recorded twice")
    voided = expect(void_deal.sync(game.id, twice.deal, client=client, body=void), MarkEntryOut)
    say("void", f"hand 3 voided (entry {voided.id}, a {voided.kind})")

    standings = expect(get_standings.sync(game.id, client=client), StandingsOut)
    units = ", ".join(f"{unit.name} {unit.total:g}" for unit in standings.units)
    say("standings", f"{units} after {len(standings.deals)} hands; {standings.status}")
    # Each side's figures are its game's own: Voormsi's carry the tricks each side took.
    taken = [
        result.detail.tricks
        for result in standings.deals[0].results
        if isinstance(result.detail, DetailVoormsi)
    ]
    say("tricks", f"hand 1: {taken} by side")

    # A read answers with its ETag; asked again with it, 304 and no body while nothing changed.
    read = get_standings.sync_detailed(game.id, client=client)
    etag = read.headers["ETag"]
    unchanged = get_standings.sync_detailed(game.id, client=client, if_none_match=etag)
    said = f"standings {read.status_code:d}, then {unchanged.status_code:d} with {etag}"
    say("conditional", said)

    # Disputes, settled by the written rules without recording anything. Knock Rummy with the
    # house rule that tied winners are each paid in full, not half each.
    settle = AskKnockRummySettleFor4(
        players=AskKnockRummySettleFor4Players.VALUE_4,
        knocked=3,
        hands=[
            HandCount(seat=0, count=3),
            HandCards(seat=1, cards="AS 2S 3S 9H 9D 9C 3C"),
            HandCount(seat=2, count=12),
            HandCount(seat=3, count=8),
        ],
        options=OptionsKnockRummyRequest(
            tied_winners=OptionsKnockRummyRequestTiedWinners.EACH_FULL
        ),
    )
    answer = expect(
        adjudicate_knock_rummy_settle.sync(client=client, body=settle), AnswerKnockRummySettle
    )
    paid = sorted((p.payer, p.payee, p.amount) for p in answer.payments)
    say("knock rummy", f"{answer.summary}; payments {paid}")

    # Bridge Rummy, with the house rule that a meld needs three natural cards.
    meld = AskBridgeRummyMeldFor4(
        cards="4C JK=5C 6C",
        other_hand_sizes=[3, 9, 7],
        players=4,
        options=OptionsBridgeRummyRequest(min_naturals_per_meld=3),
    )
    ruled = expect(
        adjudicate_bridge_rummy_meld.sync(client=client, body=meld), AnswerBridgeRummyMeld
    )
    verdict = "valid" if ruled.valid else "not valid: " + "; ".join(ruled.problems)
    say("bridge rummy", f"{ruled.cards} {verdict}")

    exported = export_night.sync(night.id, client=client)
    document = expect(exported, ScorekeeperExport).to_dict()
    (game_exported,) = document["nights"][0]["games"]
    say("export", f"{document['format']}: {len(game_exported['entries'])} ledger entries")
    # The night's own export, imported: the night is here already, so nothing is written and the
    # answer (200, not 201) names the night as it is.
    imported = import_export(client, expect(exported, ScorekeeperExport))
    here = [(n.id, n.already_here) for n in imported.nights]
    say("import", f"nights {here} (id, already here)")
    # The CSV export, an operation of its own: the generated function reads its body as text.
    csv = export_night_csv.sync(night.id, client=client)
    assert isinstance(csv, str), csv
    rows = csv.splitlines()
    say("csv", f"{rows[0]}; {len(rows) - 1} rows")


def record(
    client: AuthenticatedClient, game: GameOut, deal: DealVoormsiTricksFor4 | DealVoormsiQuickFor4
) -> DealEntryOut:
    body = RecordDealVoormsiRequest(
        game=RecordDealVoormsiRequestGame.VOORMSI, deal=deal, token=uuid.uuid4()
    )
    return expect(record_deal.sync(game.id, client=client, body=body), DealEntryOut)


def import_export(client: AuthenticatedClient, document: ScorekeeperExport) -> ImportOut:
    """POST /api/v1/import/: 201 with the nights it wrote, or 200 when every night of the file
    was here already (both answers are an ImportOut)."""
    return expect(import_nights.sync(client=client, body=document), ImportOut)


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    base_url, token = argv[1], argv[2]
    # An API token is sent as "Authorization: Bearer sk_..." (the API takes "Token" too).
    with AuthenticatedClient(
        base_url=base_url, token=token, raise_on_unexpected_status=True
    ) as client:
        try:
            night_at_the_table(client)
        except Refused as refused:
            print(f"refused: {refused}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
