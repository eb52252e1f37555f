// The basic-info part of /activity/update as the staff read (/activity/edit/info)
// carries it: every window of the activity editor sends it beside its own part
// (spec 3 section 5 "Activity save"), and the tests build their payloads alike.
export const ACTIVITY_PART_FIELDS = [
  "id",
  "nameZh",
  "nameEn",
  "signStart",
  "signEnd",
  "showStart",
  "showEnd",
  "eventStart",
  "eventEnd",
  "placeZh",
  "placeEn",
  "videoId",
  "displayStock",
  "formStock",
  "price",
  "integral",
  "deduction",
  "mustIntegral",
  "hasAddress",
  "allowUpdateAddress",
  "hasExpress",
  "hasTicket",
  "allowCancel",
  "allowCancelDate",
  "calUserCount",
  "formCount",
  "hasCycle",
  "cycleDate",
  "cycleStart",
  "cycleCount",
  "isMain",
  "familyNotice",
  "waitlist",
  "contentZh",
  "contentEn",
] as const;

export type ActivityPartField = (typeof ACTIVITY_PART_FIELDS)[number];

/** The basic-info fields of a staff read, as they were read. */
export function activityPartOf<T extends Record<ActivityPartField, unknown>>(read: T): Pick<T, ActivityPartField> {
  const part = {} as Pick<T, ActivityPartField>;
  for (const field of ACTIVITY_PART_FIELDS) part[field] = read[field];
  return part;
}
