// The layout editor (spec 3 section 2.3): /activity/style saves, per element
// of the page, whether it shows and its style (the button's hover style too),
// each checked against the allowlist of src/protocol/layout-style.ts. A fault
// is ERROR_PARAMS { field: "style", element, property }; nothing is saved.
import { Type as t } from "@sinclair/typebox";
import { eq } from "drizzle-orm";
import { activities } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { checkLayout } from "../../protocol/layout-style";
import { refuseField } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { idField } from "../shared/fields";
import { editableActivity } from "./editing";

/** Names and values are checked by the verb, so the refusal can say which. */
const declarations = t.Record(t.String(), t.String({ maxLength: 200 }), { maxProperties: 40 });
export const styleInput = t.Object({
  id: idField,
  style: t.Record(t.String(), t.Object({ visible: t.Boolean(), style: declarations, hover: t.Optional(declarations) }, { additionalProperties: false }), { maxProperties: 20 }),
});

/** /activity/style: the layout replaces the saved one whole; an empty one brings back the page as it always was. */
export async function saveStyle({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof styleInput.static }) {
  const checked = checkLayout(input.style);
  if ("fault" in checked) refuseField("style", { ...checked.fault });
  await editableActivity(ctx, input.id);
  await ctx.db.update(activities).set({ style: checked.layout, updatedAt: ctx.now }).where(eq(activities.id, input.id));
  return { style: checked.layout, audit: { entity: "activity", id: input.id } };
}
