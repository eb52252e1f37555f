// The activity editor's calls (spec 3 sections 4.1, 5 and 7 "Activity"):
// the staff read, the whole save, the lifecycle, the pickers, and gifts.
// The wording, layout and cover calls are their own (spec 3 section 2.3).
import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { idField } from "../shared/fields";
import { activityQueue } from "../signup";
import { editInfo, teamInfo } from "./editor-read";
import { updateInput } from "./editor-input";
import { editorOptions, simpleFind, simpleFindInput } from "./editor-options";
import { prepareSave, saveActivity } from "./editor-save";
import { checkFamily, checkFamilyInput, findGifts, giftFindInput, giftSaveInput, saveGift } from "./gifts";
import { changeState, copyActivity, stateInput } from "./lifecycle";

const EDIT = "FUNCTION_ACTIVITY_EDIT" as const;
const byId = t.Object({ id: idField });

export const activityEditorDomain = domain("activity-editor", [
  query("/activity/edit/info", { access: EDIT, input: byId }, editInfo),
  command(
    "/activity/update",
    {
      access: EDIT,
      input: updateInput,
      // Two rich texts of an activity's detail may weigh more than a form: images travel as addresses, never inline.
      maxBytes: 2_000_000,
      prepare: prepareSave,
      // Written in the activity's sign-up queue: never beside a sign-up of it on this instance.
      queue: ({ input }) => activityQueue(input.activity.id),
      audit: "activity.update",
    },
    saveActivity,
  ),
  command("/activity/state", { access: EDIT, input: stateInput, queue: ({ input }) => activityQueue(input.id), audit: "activity.state" }, changeState),
  command("/activity/copy", { access: EDIT, input: byId, audit: "activity.copy" }, copyActivity),
  query("/activity/simple/find", { access: EDIT, input: simpleFindInput }, simpleFind),
  query("/activity/team", { access: EDIT, input: byId }, teamInfo),
  query("/activity/options", { access: EDIT, input: byId }, editorOptions),
  query("/gift/find", { access: EDIT, input: giftFindInput }, findGifts),
  command("/gift/save", { access: EDIT, input: giftSaveInput, audit: "gift.save" }, saveGift),
  query("/activity/check/family", { access: "user", input: checkFamilyInput }, checkFamily),
]);
