// How a question and its options read in an answer, written once: the bank's
// editor (./questions.ts), an activity's quiz as the member draws it
// (src/domains/activity/catalogue.ts) and the activity editor's questionnaire
// (src/domains/activity/editor-read.ts) start from these and add their own
// (the editor: bank, order, in use; the member: texts in their language, an
// option's state). Right answers live on the activity's binding, never here.
import type { questionOptions, questions } from "../../db/schema";
import { isoOf } from "../shared/fields";

type QuestionRow = typeof questions.$inferSelect;
type OptionRow = typeof questionOptions.$inferSelect;

export const questionFields = (q: QuestionRow) => ({
  id: q.id,
  type: { id: q.type },
  titleZh: q.titleZh,
  titleEn: q.titleEn,
  descZh: q.descZh,
  descEn: q.descEn,
  dialogZh: q.dialogZh,
  dialogEn: q.dialogEn,
  isMust: q.isMust,
  match: q.match,
  isChineseOnly: q.isChineseOnly,
  isForeignerOnly: q.isForeignerOnly,
  parent: q.parentId ? { id: q.parentId } : null,
  showReasonQuery: q.showReasonQueryId ? { id: q.showReasonQueryId } : null,
  showReasonValue: q.showReasonValue,
  image: q.image,
});

export const optionFields = (o: OptionRow) => ({
  id: o.id,
  value: o.value,
  textZh: o.textZh,
  textEn: o.textEn,
  image: o.image,
  /** The limit; null: none. */
  stock: o.cap,
  /** How many are taken. */
  form: o.used,
  endDate: isoOf(o.endDate),
  parent: o.parentId ? { id: o.parentId } : null,
});
