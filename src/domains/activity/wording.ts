// The wording editor (spec 3 section 2.2): /activity/text saves an activity's
// fourteen bilingual texts (src/protocol/wording.ts). Each is trimmed, its
// angle brackets escaped (the pages unescape and write it as text) and
// length-limited; an empty one is not kept, so the page shows its default.
import { Type as t } from "@sinclair/typebox";
import { eq } from "drizzle-orm";
import { activities } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { cleanText, unescapeAngles } from "../../protocol/identity";
import { refuseField } from "../../protocol/result";
import { type Wording, WORDING_KEYS, WORDING_MAX, type WordingKey } from "../../protocol/wording";
import type { MemberCtx } from "../context";
import { idField } from "../shared/fields";
import { editableActivity } from "./editing";

const text = t.String({ maxLength: 1000 });
/** Keys are checked by the verb, so a wrong one is named: ERROR_PARAMS { field: "content", key }. */
export const wordingInput = t.Object({
  id: idField,
  content: t.Record(t.String(), t.Object({ zh: text, en: text }, { additionalProperties: false }), { maxProperties: 30 }),
});

/** The texts as stored: only the keys with a text in either language. */
export function checkWording(content: typeof wordingInput.static.content): Wording {
  const out: Wording = {};
  for (const [key, pair] of Object.entries(content)) {
    if (!(WORDING_KEYS as readonly string[]).includes(key)) refuseField("content", { key });
    const k = key as WordingKey;
    const clean = (language: "zh" | "en") => {
      const value = cleanText(pair[language]);
      // Counted as typed, not as escaped: "<" is one character to the person writing it.
      if (unescapeAngles(value).length > WORDING_MAX[k]) refuseField("content", { key, language, max: WORDING_MAX[k] });
      return value;
    };
    const zh = clean("zh");
    const en = clean("en");
    if (zh || en) out[k] = { zh, en };
  }
  return out;
}

/** /activity/text: the texts replace the saved ones whole; an empty object brings every default back. */
export async function saveWording({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof wordingInput.static }) {
  const wording = checkWording(input.content);
  await editableActivity(ctx, input.id);
  await ctx.db.update(activities).set({ wording, updatedAt: ctx.now }).where(eq(activities.id, input.id));
  return { content: wording, audit: { entity: "activity", id: input.id, detail: Object.keys(wording).join(",") || "defaults" } };
}
