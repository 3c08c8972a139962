"""Cards: one canonical notation, a forgiving reader, and the pack of every game."""

from __future__ import annotations

import pytest

from adjudicator.cards import (
    ALKORT,
    ALL_CARDS,
    BRIDGE_RUMMY,
    BRUS,
    CRUMMY,
    DOUBLE,
    JOKER,
    STANDARD,
    TREIKORT,
    VOORMSI,
    Card,
    Pack,
    Rank,
    Suit,
    card,
    continental_pack,
    format_cards,
    parse_cards,
    sort_cards,
)
from adjudicator.errors import AdjudicationError, BadCardError, NotInPackError, TooManyCopiesError

CANONICAL = [str(c) for c in ALL_CARDS] + ["JK"]


# ---------------------------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_notation_round_trips(text: str) -> None:
    parsed = Card.parse(text)
    assert str(parsed) == text
    assert Card.parse(str(parsed)) is parsed


def test_there_are_52_distinct_cards_and_one_joker() -> None:
    assert len(ALL_CARDS) == 52
    assert len(set(CANONICAL)) == 53
    assert JOKER.is_joker
    assert not any(c.is_joker for c in ALL_CARDS)


def test_the_ten_is_written_10_not_t() -> None:
    assert str(card(Rank.TEN, Suit.HEARTS)) == "10H"
    assert repr(Card.parse("th")) == "Card('10H')"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("as", "AS", id="lower-case"),
        pytest.param("aS", "AS", id="mixed-case"),
        pytest.param("Th", "10H", id="T-for-ten"),
        pytest.param("tc", "10C", id="lower-t-for-ten"),
        pytest.param("10d", "10D", id="10-lower-suit"),
        pytest.param("  kd ", "KD", id="surrounding-space"),
        pytest.param("♠a", "AS", id="symbol-before"),
        pytest.param("a♠", "AS", id="symbol-after"),
        pytest.param("♥10", "10H", id="symbol-before-ten"),
        pytest.param("10♦", "10D", id="symbol-after-ten"),
        pytest.param("q♣", "QC", id="club-symbol"),
        pytest.param("♤j", "JS", id="hollow-spade"),
        pytest.param("7♡", "7H", id="hollow-heart"),
        pytest.param("♢2", "2D", id="hollow-diamond"),
        pytest.param("T♧", "10C", id="hollow-club-ten"),
        pytest.param("jk", "JK", id="joker-lower"),
        pytest.param("Joker", "JK", id="joker-word"),
        pytest.param("🃏", "JK", id="joker-symbol"),
    ],
)
def test_reading_is_forgiving(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("AS 10H JC QD 2S", "AS 10H JC QD 2S", id="spaces"),
        pytest.param("as,th,jc", "AS 10H JC", id="commas"),
        pytest.param("as; th;jc", "AS 10H JC", id="semicolons"),
        pytest.param(" as ,  th\tjc\n", "AS 10H JC", id="mixed-whitespace"),
        pytest.param("as, th ♣q jk", "AS 10H QC JK", id="symbols-and-joker"),
        pytest.param("AS AS JK JK", "AS AS JK JK", id="repeats-kept"),
        pytest.param("", "", id="empty"),
        pytest.param(" , ; ", "", id="only-separators"),
    ],
)
def test_parse_cards_accepts_any_separator_and_writes_canonically(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


def test_parse_cards_takes_tokens_already_split() -> None:
    assert parse_cards(["as", " th ", "", "jk"]) == (
        card(Rank.ACE, Suit.SPADES),
        card(Rank.TEN, Suit.HEARTS),
        JOKER,
    )


@pytest.mark.parametrize(
    "token",
    [
        pytest.param("11H", id="rank-eleven"),
        pytest.param("1S", id="rank-one"),
        pytest.param("AX", id="unknown-suit"),
        pytest.param("ZS", id="unknown-rank"),
        pytest.param("A", id="rank-only"),
        pytest.param("S", id="suit-only"),
        pytest.param("10", id="ten-without-suit"),
        pytest.param("AS♠", id="two-suits"),
        pytest.param("JKS", id="joker-with-suit"),
        pytest.param("KK", id="two-ranks"),
    ],
)
def test_a_bad_token_is_rejected_with_bad_card_and_quoted(token: str) -> None:
    with pytest.raises(BadCardError) as caught:
        parse_cards(f"AS {token} KD")
    err = caught.value
    assert err.code == "bad_card"
    assert repr(token) in str(err)
    assert err.cards == (token,)
    assert isinstance(err, AdjudicationError)
    assert isinstance(err, ValueError)


def test_a_bad_token_keeps_the_players_spelling() -> None:
    with pytest.raises(BadCardError, match=r"^'11h' is not a card"):
        Card.parse("11h")


def test_a_card_has_a_rank_and_a_suit_or_neither() -> None:
    with pytest.raises(BadCardError):
        Card(Rank.ACE, None)
    with pytest.raises(BadCardError):
        Card(None, Suit.SPADES)


def test_sort_cards_groups_by_suit_ace_low_and_jokers_last() -> None:
    cards = parse_cards("JK KC 2H AS 10S AH QD JK")
    assert format_cards(sort_cards(cards)) == "AS 10S AH 2H QD KC JK JK"


def test_rank_number_counts_the_ace_as_one() -> None:
    assert [r.number for r in Rank] == list(range(1, 14))
    assert [r.value for r in Rank if r.is_court] == ["J", "Q", "K"]


def test_suit_symbols_and_colours() -> None:
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert [s.value for s in Suit if s.is_red] == ["H", "D"]


# ---------------------------------------------------------------------------------------------
# Packs
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pack", "size"),
    [
        pytest.param(STANDARD, 52, id="standard"),
        pytest.param(DOUBLE, 104, id="double"),
        pytest.param(BRIDGE_RUMMY, 106, id="bridge-rummy"),
        pytest.param(CRUMMY, 108, id="crummy"),
        pytest.param(BRUS, 36, id="brus"),
        pytest.param(VOORMSI, 36, id="voormsi"),
        pytest.param(ALKORT, 44, id="alkort"),
        pytest.param(TREIKORT, 27, id="treikort"),
    ],
)
def test_pack_size(pack: Pack, size: int) -> None:
    assert len(pack) == size
    assert len(list(pack)) == size


@pytest.mark.parametrize(
    ("players", "size", "jokers"),
    [
        pytest.param(2, 106, 2, id="2-players-two-packs"),
        pytest.param(5, 106, 2, id="5-players-two-packs"),
        pytest.param(6, 159, 3, id="6-players-three-packs"),
        pytest.param(8, 159, 3, id="8-players-three-packs"),
        pytest.param(9, 212, 4, id="9-players-four-packs"),
        pytest.param(12, 212, 4, id="12-players-four-packs"),
    ],
)
def test_continental_pack_grows_with_the_players(players: int, size: int, jokers: int) -> None:
    pack = continental_pack(players)
    assert len(pack) == size
    assert pack.copies[JOKER] == jokers


@pytest.mark.parametrize(
    ("pack", "present", "absent"),
    [
        pytest.param(STANDARD, "AS KD 2C 10H", "JK", id="standard"),
        pytest.param(BRIDGE_RUMMY, "AS 2C 10H JK", "", id="bridge-rummy"),
        pytest.param(BRUS, "8H 8S JC KH 6D 7C 10S QC", "2S 3H 4D 5S 5C", id="brus-no-2-to-5"),
        pytest.param(
            VOORMSI, "3D KH JC 8S 5D 5C AS", "KD 10S 10H 2C 3S 3H 3C 4D", id="voormsi-3d-for-kd"
        ),
        pytest.param(ALKORT, "KD 2H 4C 8S 9D AS", "10S 10H 10D 10C 5S 5H 5D 5C", id="alkort"),
        pytest.param(
            TREIKORT, "QC 2S KD 2H 4C 8S 9H 9D", "QS KS 2D 4S 9S 9C 10S 5C", id="treikort"
        ),
    ],
)
def test_pack_contents(pack: Pack, present: str, absent: str) -> None:
    for c in parse_cards(present):
        assert c in pack, f"{c} should be in the {pack.name}"
    for c in parse_cards(absent):
        assert c not in pack, f"{c} should not be in the {pack.name}"


def _without(*ranks: str) -> set[Card]:
    return {c for c in ALL_CARDS if c.rank is not None and c.rank.value not in ranks}


@pytest.mark.parametrize(
    ("pack", "cards"),
    [
        pytest.param(BRUS, _without("2", "3", "4", "5"), id="brus"),
        pytest.param(
            VOORMSI,
            (_without("2", "3", "4", "10") - {Card.parse("KD")}) | {Card.parse("3D")},
            id="voormsi",
        ),
        pytest.param(ALKORT, _without("10", "5"), id="alkort"),
        pytest.param(
            TREIKORT,
            set(
                parse_cards(
                    "QC 2S KD 2H 4C 8S 9H 9D AS AH AD AC JS JH JD JC "
                    "6S 6H 6D 6C 8C 8H 8D 7S 7H 7D 7C"
                )
            ),
            id="treikort",
        ),
    ],
)
def test_stripped_packs_hold_exactly_their_cards_once(pack: Pack, cards: set[Card]) -> None:
    assert set(pack.copies) == cards
    assert set(pack.copies.values()) == {1}
    assert not pack.has_duplicates


@pytest.mark.parametrize(
    ("pack", "copies", "jokers", "duplicates"),
    [
        pytest.param(STANDARD, 1, 0, False, id="standard"),
        pytest.param(DOUBLE, 2, 0, True, id="double"),
        pytest.param(BRIDGE_RUMMY, 2, 2, True, id="bridge-rummy"),
        pytest.param(CRUMMY, 2, 4, True, id="crummy"),
    ],
)
def test_full_packs_hold_every_card(pack: Pack, copies: int, jokers: int, duplicates: bool) -> None:
    assert all(pack.copies[c] == copies for c in ALL_CARDS)
    assert pack.copies.get(JOKER, 0) == jokers
    assert pack.has_duplicates is duplicates


@pytest.mark.parametrize(
    ("pack", "cards"),
    [
        pytest.param(STANDARD, "AS KD 2C", id="standard"),
        pytest.param(BRIDGE_RUMMY, "AS AS JK JK", id="bridge-rummy-two-of-each"),
        pytest.param(CRUMMY, "JK JK JK JK", id="crummy-four-jokers"),
        pytest.param(VOORMSI, "3D KH", id="voormsi"),
        pytest.param(STANDARD, "", id="no-cards"),
    ],
)
def test_pack_check_accepts_what_the_pack_holds(pack: Pack, cards: str) -> None:
    pack.check(parse_cards(cards))


def test_every_pack_accepts_itself() -> None:
    for pack in (STANDARD, DOUBLE, BRIDGE_RUMMY, CRUMMY, BRUS, VOORMSI, ALKORT, TREIKORT):
        pack.check(list(pack))


@pytest.mark.parametrize(
    ("pack", "cards", "error", "culprits"),
    [
        pytest.param(STANDARD, "AS JK", NotInPackError, ("JK",), id="joker-in-standard"),
        pytest.param(BRUS, "AS 2S", NotInPackError, ("2S",), id="2S-in-brus"),
        pytest.param(VOORMSI, "KD", NotInPackError, ("KD",), id="KD-in-voormsi"),
        pytest.param(ALKORT, "10H 5C", NotInPackError, ("10H", "5C"), id="two-missing-in-alkort"),
        pytest.param(STANDARD, "AS AS", TooManyCopiesError, ("AS",), id="AS-twice-single-pack"),
        pytest.param(
            BRIDGE_RUMMY, "AS AS AS", TooManyCopiesError, ("AS",), id="three-AS-bridge-rummy"
        ),
        pytest.param(
            BRIDGE_RUMMY, "JK JK JK", TooManyCopiesError, ("JK",), id="three-jokers-bridge-rummy"
        ),
        pytest.param(
            CRUMMY, "JK JK JK JK JK", TooManyCopiesError, ("JK",), id="five-jokers-crummy"
        ),
    ],
)
def test_pack_check_rejects(
    pack: Pack, cards: str, error: type[AdjudicationError], culprits: tuple[str, ...]
) -> None:
    with pytest.raises(error) as caught:
        pack.check(parse_cards(cards), field="hands")
    err = caught.value
    assert err.code == error.code
    assert err.cards == culprits
    assert err.field == "hands"
    assert pack.name in str(err)


def test_error_codes_are_stable() -> None:
    assert (BadCardError.code, NotInPackError.code, TooManyCopiesError.code) == (
        "bad_card",
        "not_in_pack",
        "too_many_copies",
    )


def test_too_many_copies_says_how_many_the_pack_holds() -> None:
    with pytest.raises(TooManyCopiesError, match=r"AS appears 3 times, but .* has only 2"):
        BRIDGE_RUMMY.check(parse_cards("AS AS AS"))
    with pytest.raises(TooManyCopiesError, match=r"AS appears 2 times, but .* has only one"):
        STANDARD.check(parse_cards("AS AS"))
