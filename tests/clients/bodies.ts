// The request bodies of recording and amending a deal, read from the generated types; shared
// by refusals.ts (hand-written) and deals.ts (written by test_typescript.py).
import type { components, paths } from "./schema";

export type Schemas = components["schemas"];
export type RecordBody = NonNullable<
  paths["/api/v1/games/{id}/deals/"]["post"]["requestBody"]
>["content"]["application/json"];
export type AmendBody = NonNullable<
  paths["/api/v1/games/{id}/deals/{deal}/amend/"]["post"]["requestBody"]
>["content"]["application/json"];
