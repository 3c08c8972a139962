/**
 * A night at the card table, kept through openapi-fetch over the types openapi-typescript
 * generates from the served schema, and nothing else.
 *
 *     ./dev client     # writes clients/typescript/schema.d.ts from the served schema
 *     npx tsc --strict --module nodenext --target es2022 --lib es2022,dom \
 *         --outDir clients/typescript/night clients/examples/client_night.ts
 *     node clients/typescript/night/client_night.js http://127.0.0.1:8000 sk_...   # an API token
 *
 * It makes four players and a night, starts Voormsi at four (partners sit crosswise), records a
 * hand trick by trick (sent twice with one Idempotency-Key, as a retry after a lost answer would
 * be: the second answer is the first again, `Idempotent-Replayed: true`, and nothing is recorded
 * twice) and two quickly, amends one and voids the other (recorded twice by mistake), reads the
 * standings (then again with their ETag: 304), asks a Knock Rummy question with a house rule,
 * exports the night and imports that export (the night is here already: nothing is written).
 * It prints one `step: what happened` line a step and stops at the first refusal, printing the
 * API's error (code and sentence). tests/clients/test_typescript_night.py runs it against a live
 * server. The Python twin is client_night.py.
 */
import createClient from "openapi-fetch";
import type { components, paths } from "../typescript/schema.js";

type Schemas = components["schemas"];

// Node's own, declared here so the program needs no @types/node.
declare const process: { argv: string[]; exitCode?: number };

// One hand of Voormsi at four, trick by trick: each trick's plays in order, [seat, cards].
// Seats 0 and 2 are partners against 1 and 3; seat 0 dealt.
const HAND: [number, string][][] = [
  [[1, "KS"], [2, "KC"], [3, "AD"], [0, "7D"]],
  [[3, "KH"], [0, "8H"], [1, "9H"], [2, "QD"]],
  [[3, "7S"], [0, "9C"], [1, "3D"], [2, "JD"]],
  [[1, "AC AH"], [2, "5H QC"], [3, "QH JH"], [0, "8S 5C"]],
  [[1, "6H 6C"], [2, "QS 5S"], [3, "6D 5D"], [0, "7H 8C"]],
  [[1, "JS"], [2, "8D"], [3, "AS"], [0, "JC"]],
  [[0, "9S"], [1, "7C"], [2, "6S"], [3, "9D"]],
];

class Refused extends Error {}

type Client = ReturnType<typeof createClient<paths>>;

/** The answer's body, if the API gave one; else its error (code and sentence). */
function expect<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data !== undefined) return answer.data;
  const error = answer.error as Partial<Schemas["ErrorOut"]> | undefined;
  if (error && typeof error === "object" && error.code) {
    throw new Refused(`${error.code}: ${error.message}`);
  }
  throw new Refused(`${answer.response.status} with no body`);
}

function say(step: string, what: string): void {
  console.log(`${step}: ${what}`);
}

async function nightAtTheTable(client: Client): Promise<void> {
  const players: Schemas["PlayerOut"][] = [];
  for (const name of ["Ann", "Ben", "Cy", "Di"]) {
    players.push(expect(await client.POST("/api/v1/players/", { body: { name } })));
  }
  say("players", players.map((p) => `${p.name} (${p.id})`).join(", "));

  const today = new Date().toISOString().slice(0, 10);
  const night = expect(
    await client.POST("/api/v1/nights/", { body: { date: today, place: "The Crown" } }),
  );
  say("night", `${night.id} on ${night.date} at ${night.place}`);

  const game = expect(
    await client.POST("/api/v1/nights/{id}/games/", {
      params: { path: { id: night.id } },
      body: { game: "voormsi", players: players.map((p) => p.id) },
    }),
  );
  const teams = game.seats.map((seat) => seat.team);
  say("game", `${game.name} (${game.id}), teams by seat [${teams.join(", ")}]`);

  // A hand trick by trick, sent twice with one Idempotency-Key: a retry after a lost answer.
  const tricks = HAND.map((trick) => ({
    plays: trick.map(([seat, cards]) => ({ seat, cards })),
  }));
  // Each body is written where it is sent, typed by openapi-fetch from the operation: a value
  // annotated with the schema's own component (Schemas["RecordDealVoormsiRequest"]) is refused
  // by client.POST (docs/integrators.md: the other way's fields typed `null`).
  const [token, key] = [crypto.randomUUID(), crypto.randomUUID()];
  const send = () =>
    client.POST("/api/v1/games/{id}/deals/", {
      params: { path: { id: game.id }, header: { "Idempotency-Key": key } },
      body: { game: "voormsi", deal: { dealer: 0, tricks }, token },
    });
  const first = expect(await send());
  say("hand 1", `recorded trick by trick (entry ${first.id})`);
  const again = await send();
  const replayed = expect(again);
  const header = again.response.headers.get("Idempotent-Replayed");
  say("replay", `hand 1 sent again: entry ${replayed.id}, ${again.response.status}, replayed ${header}`);

  // Two hands quickly: tricks won by each side and the captures. The third is the second
  // entered again by mistake.
  const second = await recordQuickly(client, game.id, [6, 3]);
  say("hand 2", `recorded quickly (entry ${second.id})`);
  const twice = await recordQuickly(client, game.id, [6, 3]);
  say("hand 3", `recorded quickly (entry ${twice.id})`);

  // Hand 2 was 5 tricks to 4 after all, amended against its revision (the entry corrected).
  const amended = expect(
    await client.POST("/api/v1/games/{id}/deals/{deal}/amend/", {
      params: { path: { id: game.id, deal: second.deal } },
      body: {
        game: "voormsi",
        deal: { won: [5, 4], captures: [{ event: "simple", side: 0 }] },
        revision: second.id,
        note: "5 tricks to 4, not 6 to 3",
      },
    }),
  );
  say("amend", `hand 2 amended (entry ${amended.id} supersedes ${amended.supersedes})`);

  // Hand 3 voided, its revision sent as If-Match instead of in the body.
  const voided = expect(
    await client.POST("/api/v1/games/{id}/deals/{deal}/void/", {
      params: { path: { id: game.id, deal: twice.deal }, header: { "If-Match": `"${twice.id}"` } },
      body: { revision: twice.id, note: "recorded twice" },
    }),
  );
  say("void", `hand 3 voided (entry ${voided.id}, a ${voided.kind})`);

  const read = await client.GET("/api/v1/games/{id}/standings/", {
    params: { path: { id: game.id } },
  });
  const standings = expect(read);
  const units = standings.units.map((unit) => `${unit.name} ${unit.total}`).join(", ");
  say("standings", `${units} after ${standings.deals.length} hands; ${standings.status}`);
  // Each side's figures are its game's own: narrowed by `game`, Voormsi's carry the tricks.
  const taken: number[] = [];
  for (const result of standings.deals[0].results) {
    if (result.detail.game === "voormsi") taken.push(result.detail.tricks);
  }
  say("tricks", `hand 1: [${taken.join(", ")}] by side`);

  // Read again with the ETag: 304 and no body while nothing changed.
  const etag = read.response.headers.get("ETag") ?? "";
  const unchanged = await client.GET("/api/v1/games/{id}/standings/", {
    params: { path: { id: game.id }, header: { "If-None-Match": etag } },
  });
  say("conditional", `standings ${read.response.status}, then ${unchanged.response.status} with ${etag}`);

  // A dispute settled by the written rules, recording nothing: Knock Rummy with the house rule
  // that tied winners are each paid in full, not half each.
  const answer = expect(
    await client.POST("/api/v1/adjudicate/knock-rummy/settle/", {
      body: {
        players: 4,
        knocked: 3,
        hands: [
          { seat: 0, count: 3 },
          { seat: 1, cards: "AS 2S 3S 9H 9D 9C 3C" },
          { seat: 2, count: 12 },
          { seat: 3, count: 8 },
        ],
        options: { tied_winners: "each_full" },
      },
    }),
  );
  const paid = answer.payments.map((p) => `(${p.payer}, ${p.payee}, ${p.amount})`).sort();
  say("knock rummy", `${answer.summary}; payments [${paid.join(", ")}]`);

  const exported = expect(
    await client.GET("/api/v1/nights/{id}/export/", { params: { path: { id: night.id } } }),
  );
  const entries = exported.nights[0]?.games?.[0]?.entries ?? [];
  say("export", `${exported.format}: ${entries.length} ledger entries`);

  // The night's own export imported: here already, nothing written; 200, not 201.
  const imported = await client.POST("/api/v1/import/", { body: exported });
  const here = expect(imported).nights.map((n) => `(${n.id}, ${n.already_here})`);
  say("import", `${imported.response.status}, nights [${here.join(", ")}] (id, already here)`);
}

async function recordQuickly(
  client: Client,
  game: number,
  won: number[],
): Promise<Schemas["DealEntryOut"]> {
  const deal = { won, captures: [{ event: "simple" as const, side: 0 }] };
  const entry = expect(
    await client.POST("/api/v1/games/{id}/deals/", {
      params: { path: { id: game } },
      body: { game: "voormsi", deal, token: crypto.randomUUID() },
    }),
  );
  if (entry.kind !== "record" && entry.kind !== "amend") {
    throw new Refused(`expected a deal's entry, got a ${entry.kind}`);
  }
  return entry;
}

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 4) {
    console.error("usage: node client_night.js BASE_URL API_TOKEN");
    return 2;
  }
  const [baseUrl, token] = argv.slice(2);
  // An API token is sent as "Authorization: Bearer sk_..." (the API takes "Token" too).
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
  try {
    await nightAtTheTable(client);
  } catch (refused) {
    if (refused instanceof Refused) {
      console.error(`refused: ${refused.message}`);
      return 1;
    }
    throw refused;
  }
  return 0;
}

main(process.argv).then((status) => {
  process.exitCode = status;
});
