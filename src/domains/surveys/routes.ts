// Surveys and votes (issue 32 item 4, decision 141): members answer the open ones meant for them; staff with FUNCTION_SURVEY_EDIT make them and read their results.
import { Type as t } from "@sinclair/typebox";
import { command, domain, download, query } from "../../http/kit";
import { idField } from "../shared/fields";
import { answerInput, answerSurvey, mySurveys, prepareAnswer, surveyForMember } from "./answering";
import { saveInput, saveSurvey, surveyForEditor } from "./editing";
import { exportQuery, exportResults, listSurveys, publishInput, publishResult, surveyResults } from "./results";

const EDIT = "FUNCTION_SURVEY_EDIT";
const byId = t.Object({ id: idField });

export const surveysDomain = domain("surveys", [
  query("/survey/mine", { access: "user", input: t.Object({}) }, mySurveys),
  query("/survey/info", { access: "user", input: byId }, surveyForMember),
  command("/survey/answer", { access: "user", input: answerInput, prepare: prepareAnswer, conflicts: { survey_marks_pkey: "ERROR_SURVEY_ANSWERED" } }, answerSurvey),
  query("/survey/admin/list", { access: EDIT, input: t.Object({}) }, listSurveys),
  query("/survey/admin/info", { access: EDIT, input: byId }, surveyForEditor),
  command("/survey/admin/save", { access: EDIT, input: saveInput, audit: "survey.save" }, saveSurvey),
  query("/survey/admin/results", { access: EDIT, input: byId }, surveyResults),
  command("/survey/admin/publish", { access: EDIT, input: publishInput, audit: "survey.publish" }, publishResult),
  download("/survey/admin/export", { access: EDIT, input: exportQuery }, exportResults),
]);
