// How an activity, its team and a tag or tag group read in an answer, written
// once: the staff's read for the editor (/activity/edit/info, ./editor-read.ts)
// and the member's page (/activity/info, ./view.ts) start from these and add
// what is theirs alone (the editor: version, lock, waiting-list counts; the
// member: places left, their standing, texts in their language). A new
// column is added here, and both see it.
import type { activities, teams } from "../../db/schema";
import { isoOf } from "../shared/fields";
import { cleanRichText } from "../shared/rich-text";

type ActivityRow = typeof activities.$inferSelect;
type TeamRow = typeof teams.$inferSelect;

/** The activity's own fields, in the spec's names; its rich texts cleaned as they leave, however they were stored (an import, an older editor). */
export const activityFields = (a: ActivityRow) => ({
  id: a.id,
  nameZh: a.nameZh,
  nameEn: a.nameEn,
  state: { id: a.state },
  face: a.face,
  videoId: a.videoId,
  signStart: isoOf(a.signStart),
  signEnd: isoOf(a.signEnd),
  showStart: isoOf(a.showStart),
  showEnd: isoOf(a.showEnd),
  displayStock: a.displayStock,
  formStock: a.cap,
  form: a.used,
  price: a.price,
  integral: a.integral,
  deduction: a.deduction,
  mustIntegral: a.mustIntegral,
  hasAddress: a.hasAddress,
  allowUpdateAddress: a.allowUpdateAddress,
  hasExpress: a.hasExpress,
  hasTicket: a.hasTicket,
  allowCancel: a.allowCancel,
  allowCancelDate: isoOf(a.allowCancelDate),
  /** When and where it takes place (its calendar entry), if the editor said. */
  eventStart: isoOf(a.eventStart),
  eventEnd: isoOf(a.eventEnd),
  placeZh: a.placeZh,
  placeEn: a.placeEn,
  calUserCount: a.calUserCount,
  formCount: a.formCount,
  hasCycle: a.hasCycle,
  cycleDate: a.cycleDate,
  cycleStart: a.cycleStart,
  cycleCount: a.cycleCount,
  isMain: a.isMain,
  familyNotice: a.familyNotice,
  contentZh: cleanRichText(a.contentZh),
  contentEn: cleanRichText(a.contentEn),
  wording: a.wording,
  style: a.style,
});

/** A team's own fields as both reads show them (the editor adds its module, order and category; the member's page its name in their language). */
export const teamFields = (team: TeamRow) => ({
  id: team.id,
  nameZh: team.nameZh,
  nameEn: team.nameEn,
  face: team.face,
  showStock: team.showStock,
  formStock: team.cap,
  form: team.used,
  signOnly: team.signOnly,
});

/** A tag group or a tag: its names and its place in the order. */
export const labelFields = (row: { id: number; nameZh: string; nameEn: string; sortIndex: number }) => ({
  id: row.id,
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  index: row.sortIndex,
});
