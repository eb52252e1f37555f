// What /activity/update takes (spec 3 section 7: activity, team, groups,
// queryStock, relationships, queries, properties, activityReasons,
// teamReasons). Loose where a person types (a quota, a display order, a
// count may arrive as text or empty), so that the verb can name the field
// and the spec's message be shown; bounded everywhere.
//
// Every part but `activity` may be left out: absent is "unchanged". Present
// is "exactly this": the rows of that part become what was sent.
import { Type as t } from "@sinclair/typebox";
import { idField } from "../shared/fields";
import { reasonInput } from "./module-editing";

const text = (max = 200) => t.String({ maxLength: max });
/** A number a person types: a number, its text, or empty (null / ""). */
export const typedNumber = t.Union([t.Number(), t.String({ maxLength: 40 }), t.Null()]);
const time = t.Union([t.String({ maxLength: 40 }), t.Null()]);
const ref = t.Object({ id: idField });
/** An enumeration id or a relation; -1 is "any" where the spec has it. */
const typedRef = t.Object({ id: t.Integer({ minimum: -1_000_000, maximum: 2_147_483_647 }) });
const image = t.Union([t.String({ maxLength: 300 }), t.Null()]);

export const activityFields = t.Object({
  id: idField,
  nameZh: text(),
  nameEn: text(),
  signStart: time,
  signEnd: time,
  showStart: time,
  showEnd: time,
  videoId: t.Union([t.String({ maxLength: 100 }), t.Null()]),
  displayStock: typedNumber,
  formStock: typedNumber,
  /** Fen. */
  price: typedNumber,
  /** Hundredths of a point. */
  integral: typedNumber,
  /** Fen. */
  deduction: typedNumber,
  mustIntegral: t.Boolean(),
  hasAddress: t.Boolean(),
  allowUpdateAddress: t.Boolean(),
  hasExpress: t.Boolean(),
  hasTicket: t.Boolean(),
  allowCancel: t.Boolean(),
  allowCancelDate: time,
  calUserCount: t.Boolean(),
  formCount: typedNumber,
  hasCycle: t.Boolean(),
  cycleDate: typedNumber,
  cycleStart: typedNumber,
  cycleCount: typedNumber,
  isMain: t.Boolean(),
  /** Absent: unchanged (off for a new activity). */
  familyNotice: t.Optional(t.Boolean()),
  /** Members may join a waiting list when the activity is full (issue 20); absent: unchanged (off for a new activity). */
  waitlist: t.Optional(t.Boolean()),
  /** Places by lot (issue 32): the draw's time, inside the sign-up window; null: first come, first served. Absent: unchanged. */
  drawAt: t.Optional(time),
  contentZh: t.String({ maxLength: 400_000 }),
  contentEn: t.String({ maxLength: 400_000 }),
  /** When and where it takes place (its calendar entry); both times or neither. Absent: unchanged. */
  eventStart: t.Optional(time),
  eventEnd: t.Optional(time),
  placeZh: t.Optional(text()),
  placeEn: t.Optional(text()),
  /** A market item's category (null: none); absent: unchanged. */
  sort: t.Optional(t.Union([ref, t.Null()])),
});

export const teamFields = t.Object({
  /** An existing team to stay in or join; absent: a new team in the activity's module. */
  id: t.Optional(idField),
  nameZh: text(),
  nameEn: text(),
  /** Display order, descending; numeric, truncated. */
  index: typedNumber,
  /** The team's module as read (spec 3 section 3: {id, name, model}); the activity's own module decides, so it is ignored. */
  module: t.Optional(
    t.Union([
      t.Object({ id: t.Optional(idField), name: t.Optional(text()), nameZh: t.Optional(text()), nameEn: t.Optional(text()), model: t.Optional(t.Union([t.Integer(), typedRef, t.Null()])) }),
      t.Null(),
    ]),
  ),
  face: t.Optional(image),
  sort: t.Optional(t.Union([ref, t.Null()])),
  /** The total-quota switch: off is both null. */
  showStock: typedNumber,
  formStock: typedNumber,
  signOnly: t.Boolean(),
  beforeCheckTag: t.Boolean(),
});

/** A tag group's and a tag's place as read (spec 3 section 3); the server numbers them in the order sent, so it is ignored. */
const index = t.Optional(typedNumber);

const tagFields = t.Object({
  id: t.Optional(idField),
  nameZh: text(),
  nameEn: text(),
  index,
  activities: t.Array(ref, { maxItems: 200 }),
});

export const groupFields = t.Object({
  id: t.Optional(idField),
  nameZh: text(),
  nameEn: text(),
  index,
  tags: t.Array(tagFields, { maxItems: 100 }),
});

export const relationshipFields = t.Object({
  id: t.Optional(idField),
  /** -1: any relation. */
  relationship: typedRef,
  /** -1 any, 0 male, 1 female. */
  gender: t.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
  /** Birth-date bounds, yyyy-MM-dd: born on or after / on or before; absent or empty: no bound. */
  ageFamilyMin: t.Optional(time),
  ageFamilyMax: t.Optional(time),
  allowMin: typedNumber,
  allowMax: typedNumber,
  calCount: t.Boolean(),
  /** A gift not chosen (an id of null) is refused with "请先选择礼品". */
  gifts: t.Array(t.Object({ id: t.Union([idField, t.Null()]) }), { maxItems: 50 }),
});

export const queryStockFields = t.Object({
  stock: t.Union([ref, t.Null()]),
  /** QUIZ_DISPLAY_*; null: not chosen ("请选择题库显示方式"). */
  type: t.Union([typedRef, t.Null()]),
  isTiming: t.Boolean(),
  isRandom: t.Boolean(),
  count: typedNumber,
  isScoring: t.Boolean(),
  passLine: typedNumber,
  showIndex: t.Boolean(),
  showAnswer: t.Boolean(),
});

export const queryFields = t.Object({
  query: ref,
  /** The chance, 0-100, that a random draw includes it. */
  weight: typedNumber,
  score: typedNumber,
  /** The right option values (or text), comma separated. */
  answer: t.String({ maxLength: 2_000 }),
});

export const propertyRowFields = t.Object({ property: ref, isReadonly: t.Boolean(), isMust: t.Boolean() });

/** A condition as the condition editors send it (spec 3 "Condition (reason)"); a part not chosen is the verb's to refuse, with the spec's message. */
export const reasonFields = reasonInput;

export const updateInput = t.Object({
  activity: activityFields,
  /** null: the activity is in no team (it leaves the one it was in). */
  team: t.Optional(t.Union([teamFields, t.Null()])),
  groups: t.Optional(t.Array(groupFields, { maxItems: 30 })),
  /** null: no questionnaire. */
  queryStock: t.Optional(t.Union([queryStockFields, t.Null()])),
  relationships: t.Optional(t.Array(relationshipFields, { maxItems: 30 })),
  queries: t.Optional(t.Array(queryFields, { maxItems: 500 })),
  properties: t.Optional(t.Array(propertyRowFields, { maxItems: 100 })),
  activityReasons: t.Optional(t.Array(reasonFields, { maxItems: 30 })),
  teamReasons: t.Optional(t.Array(reasonFields, { maxItems: 30 })),
});

export type UpdateInput = typeof updateInput.static;
export type ActivityFields = typeof activityFields.static;
export type TeamFields = typeof teamFields.static;
export type GroupFields = typeof groupFields.static;
export type RelationshipFields = typeof relationshipFields.static;
export type QueryStockFields = typeof queryStockFields.static;
export type QueryFields = typeof queryFields.static;
export type ReasonFields = typeof reasonFields.static;
