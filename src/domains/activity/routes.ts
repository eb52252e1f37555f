import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { idField } from "../shared/fields";
import { clubModule, showcaseTitle } from "./showcase";
import { createActivity, createActivityInput, deleteModule, moduleSaveInput, saveModule, showInput, showModule } from "./module-editing";
import { deleteCategory, listCategories, saveCategory } from "./categories";
import { faceInput, saveActivityFace, saveTeamFace } from "./faces";
import { saveStyle, styleInput } from "./layout-style";
import { saveWording, wordingInput } from "./wording";
import { activityInfo, allActivities, currentActivities, drawQuiz, listActivities, listModules, moduleInfo, powerCheck } from "./catalogue";

export const activityDomain = domain("activity", [
  query("/activity/module/list", { access: "user" }, listModules),
  query("/activity/module/info", { access: "user", input: t.Object({ id: idField }) }, moduleInfo),
  query("/activity/list", { access: "user", input: t.Object({ module: idField }) }, listActivities),
  query("/activity/all", { access: "user" }, allActivities),
  query("/activity/now", { access: "user" }, currentActivities),
  query("/activity/info", { access: "user", input: t.Object({ id: idField }) }, activityInfo),
  query("/activity/power/check", { access: "user", input: t.Object({ id: idField }) }, powerCheck),
  // The home page's module buttons (showcase.ts).
  query("/activity/module/title", { access: "user", input: t.Object({ type: t.Integer({ minimum: 0, maximum: 1_000_000 }) }) }, showcaseTitle),
  query("/activity/module/clubmed", { access: "user" }, clubModule),
  command("/activity/quiz/draw", { access: "user", input: t.Object({ activity: idField }) }, drawQuiz),
  // Editing the index (module-editing.ts).
  command("/activity/module/update", { access: "FUNCTION_ACTIVITY_MODULE_OPERATION", input: moduleSaveInput, audit: "module.update" }, saveModule),
  command("/activity/module/delete", { access: "FUNCTION_ACTIVITY_MODULE_OPERATION", input: t.Object({ id: idField }), audit: "module.delete" }, deleteModule),
  command("/activity/module/show", { access: "FUNCTION_ACTIVITY_MODULE_OPERATION", input: showInput, audit: "module.show" }, showModule),
  command("/activity/create", { access: "FUNCTION_ACTIVITY_CREATE", input: createActivityInput, audit: "activity.create" }, createActivity),
  query("/activity/module/sort/list", { access: "user", input: t.Object({ module: idField }) }, listCategories),
  command(
    "/activity/module/sort/save",
    { access: "FUNCTION_ACTIVITY_CREATE", input: t.Object({ name: t.String({ maxLength: 200 }), module: idField }), audit: "category.save" },
    saveCategory,
  ),
  // The activity editor's wording, layout and covers (wording.ts, layout-style.ts, faces.ts).
  command("/activity/text", { access: "FUNCTION_ACTIVITY_EDIT", input: wordingInput, audit: "activity.text" }, saveWording),
  command("/activity/style", { access: "FUNCTION_ACTIVITY_EDIT", input: styleInput, audit: "activity.style" }, saveStyle),
  command("/activity/face/save", { access: "FUNCTION_ACTIVITY_EDIT", input: faceInput, audit: "activity.face" }, saveActivityFace),
  command("/activity/team/face/save", { access: "FUNCTION_ACTIVITY_EDIT", input: faceInput, audit: "team.face" }, saveTeamFace),
  command("/activity/module/sort/delete", { access: "FUNCTION_ACTIVITY_CREATE", input: t.Object({ id: idField }), audit: "category.delete" }, deleteCategory),
]);
