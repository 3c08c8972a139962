// What the generated types refuse (tests/clients/test_typescript.py type-checks this file next
// to the schema.d.ts it generates, with tsc --strict). Each `@ts-expect-error` must be needed:
// a line the types accept leaves the directive unused, and tsc fails on that (TS2578). Each
// refusal has a control beside it, the same body made right, which must type-check, so the
// refusal is for the reason its comment gives and not some other mistake in the line.
import type { AmendBody, RecordBody, Schemas } from "./bodies";

// A Knock Rummy deal at four: seat 1 knocked, seat 2's count given instead of cards.
const knockRummy: Schemas["DealKnockRummy"] = {
  knocked: 1,
  hands: [
    { seat: 0, cards: "AS 7S 7H 10H 8D QD KC" },
    { seat: 1, cards: "3S 4S KS 4H KH KD 4C" },
    { seat: 2, count: 58 },
    { seat: 3, cards: "2S 2H QH 2D AC 2C 10C" },
  ],
};

// The body names its game, and the game decides what its deal is.
export const knockRummyRecorded: RecordBody = { game: "knock-rummy", deal: knockRummy };
// @ts-expect-error A Knock Rummy deal is refused for a Voormsi game.
export const knockRummyForVoormsi: RecordBody = { game: "voormsi", deal: knockRummy };
export const knockRummyAmended: AmendBody = { game: "knock-rummy", deal: knockRummy, revision: 1 };
// @ts-expect-error An amendment too.
export const knockRummyAmendsVoormsi: AmendBody = { game: "voormsi", deal: knockRummy, revision: 1 };

// A Voormsi hand at four is recorded one way: trick by trick, or quickly (tricks won and
// captures). Both ways alone are deals:
const tricks = [
  { plays: [{ seat: 0, cards: "9C" }, { seat: 1, cards: "KH" }, { seat: 2, cards: "JC" }, { seat: 3, cards: "5D" }] },
];
export const trickByTrick: Schemas["DealVoormsi"] = { dealer: 3, tricks };
export const quickly: Schemas["DealVoormsi"] = {
  won: [6, 3],
  first_five: null,
  captures: [{ event: "simple", side: 1 }],
};
export const trickByTrickRecorded: RecordBody = { game: "voormsi", deal: { dealer: 3, tricks } };
export const quicklyRecorded: RecordBody = { game: "voormsi", deal: { won: [6, 3], captures: [] } };

// @ts-expect-error A hand mixing both ways is refused: tricks and the quick summary's won.
export const mixed: Schemas["DealVoormsi"] = { dealer: 3, tricks, won: [6, 3], captures: [] };
// @ts-expect-error The same, sent as a record.
export const mixedRecorded: RecordBody = { game: "voormsi", deal: { tricks, won: [6, 3] } };
