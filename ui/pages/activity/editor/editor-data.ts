// What every window of the activity editor reads and sends: the staff read
// (/activity/edit/info) with the selects' options (/activity/options), the
// basic-info part of /activity/update as read (each window sends it with its
// own part, spec 3 section 5 "Activity save"), and the spec's sentence for a
// refusal of the save (spec 3 sections 5 and 8).
import type { AnswerOf, InputOf } from "../../../../src/domains/api";
import { activityPartOf as pickActivityPart } from "../../../../src/protocol/activity-part";
import { type Answer, type Message, isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { type TextKey, type Translate, dataKey, resultText } from "../../../i18n";
import { useLoaded } from "../../../lib/use-loaded";

export type EditInfo = AnswerOf<"/activity/edit/info">;
export type EditedActivity = EditInfo["activity"];
export type EditorOptions = AnswerOf<"/activity/options">;
export type UpdatePayload = InputOf<"/activity/update">;
export type ActivityPart = UpdatePayload["activity"];

/** The staff read and the options, both loaded; null while loading, false when either failed. */
export function useEditorData(id: number, key = 0) {
  return useLoaded(async () => {
    const [info, options] = await Promise.all([api.call("/activity/edit/info", { id }), api.call("/activity/options", { id })]);
    return isSuccess(info) && isSuccess(options) ? { info: info as EditInfo, options: options as EditorOptions } : false;
  }, [id, key]);
}

/** The basic-info part as read: what a window that edits another part sends beside it. */
export const activityPartOf = (a: EditedActivity): ActivityPart => pickActivityPart(a);

/** One whole save: the basic info as read (or as changed) and the parts a window edits. */
export const saveActivity = (payload: UpdatePayload): Promise<Answer<AnswerOf<"/activity/update">>> => api.call("/activity/update", payload);

type Params = Record<string, unknown>;

/** The dictionary key of a refused part of the save (ui/i18n/areas/editor/errors.ts), named by the server's field and part. */
export function refusalKey(params: Params): TextKey | null {
  const field = String(params.field ?? "");
  const part = params.part === undefined ? null : String(params.part);
  if (params.reason === "used") return "editor.errors.belowUsed";
  if (params.reason === "duplicate") return "editor.errors.teamDuplicate";
  // Issue 32: the draw outside the sign-up window, or the allocation changed once it opened; a lottery's places and cycles.
  if (field === "drawAt" && (params.reason === "window" || params.reason === "open")) return dataKey("editor.errors.drawAt", params.reason);
  if (params.reason === "lottery") return dataKey("editor.errors.lottery", field);
  switch (field) {
    case "groups":
      return dataKey("editor.errors.groups", String(part));
    case "tags":
      return dataKey("editor.errors.tags", String(part));
    case "relationships":
      return dataKey("editor.errors.relationships", String(part));
    case "queryStock":
      return dataKey("editor.errors.queryStock", String(part));
    case "queries":
      return dataKey("editor.errors.queries", String(part));
    case "properties":
      return dataKey("editor.errors.properties", String(part));
    case "activityReasons":
    case "teamReasons":
      return part === "team" ? "editor.errors.teamReasonsTeam" : dataKey("modules.conditions.errors", String(part));
    default:
      return field ? dataKey("editor.errors.fields", field.replace(".", "_")) : null;
  }
}

/**
 * A schema refusal's path (src/http/input.ts) as the save's own refusals name
 * a place: `relationships[2].allowMin` is { field: "relationships", index: 2,
 * part: "allowMin" }, `groups[0].tags[1].nameZh` { field: "tags", group: 0,
 * tag: 1, part: "nameZh" }, `activity.price` { field: "price" }, `team.index`
 * { field: "team.index" }, `queryStock.type` { field: "queryStock", part: "type" }.
 */
export function placeOf(params: Params): Params {
  const field = typeof params.field === "string" ? params.field : "";
  if (!/[.[]/.test(field)) return params;
  const steps = [...field.matchAll(/[^.[\]]+/g)].map(([step]) => (/^\d+$/.test(step) ? Number(step) : step));
  const [head, second, third, fourth, fifth] = steps;
  if (head === "activity" && typeof second === "string") return { ...params, field: second };
  if (head === "team" && typeof second === "string") return { ...params, field: `team.${second}` };
  if (head === "queryStock" && typeof second === "string") return { ...params, field: "queryStock", part: second };
  if (head === "groups" && third === "tags" && typeof fourth === "number") return { ...params, field: "tags", group: second, tag: fourth, part: fifth };
  if (typeof head === "string" && typeof second === "number") return { ...params, field: head, index: second, group: second, part: third };
  return params;
}

/** The sentence for a refused save, in the reader's language, with the figures it names. */
export function refusalText(t: Translate, message: Message): string {
  if (message.code === "ERROR_ACTIVITY_STATE") return t(message.params?.field ? "editor.errors.locked" : "result.ERROR_ACTIVITY_STATE");
  if (message.code !== "ERROR_PARAMS" || !message.params) return resultText(t, message);
  const p = placeOf(message.params);
  const key = refusalKey(p);
  const where = { group: Number(p.group ?? 0) + 1, tag: Number(p.tag ?? 0) + 1, index: Number(p.index ?? 0) + 1, used: Number(p.used ?? 0) };
  const text = key ? t(key, where) : key;
  return text && text !== key ? text : resultText(t, message);
}
