// The question bank manager's calls (spec 3 section 7 "Question banks"), all
// behind FUNCTION_QUERY_EDIT (the activity editor's look-up and a bank's questions
// also FUNCTION_ACTIVITY_EDIT, for the binding);
// every write is an audited command.
import { command, domain, query } from "../../http/kit";
import { bankDeleteInput, bankLikeInput, bankListInput, bankSaveInput, clearBank, deleteBank, likeBanks, listBanks, saveBank } from "./banks";
import { questionSaveInput, saveQuestion } from "./question-save";
import { deleteQuestion, listQuestions, openQuestion, parentQuestions, parentsInput, queryDeleteInput, queryIdInput } from "./questions";

const access = "FUNCTION_QUERY_EDIT";

export const questionnaireDomain = domain("questionnaire", [
  query("/activity/stock/list", { access, input: bankListInput }, listBanks),
  // The activity editor's bank picker: whoever binds a bank to an activity may look one up by name.
  query("/activity/stock/like", { access: [access, "FUNCTION_ACTIVITY_EDIT"], input: bankLikeInput }, likeBanks),
  command("/activity/stock/update", { access, input: bankSaveInput, audit: "bank.update", conflicts: { question_banks_name_unique: "ERROR_RENAME" } }, saveBank),
  command("/activity/stock/delete", { access, input: bankDeleteInput, audit: "bank.delete" }, deleteBank),
  command("/activity/stock/clear", { access, input: queryIdInput, audit: "bank.clear" }, clearBank),
  // Also the activity editor's binding table: a chosen bank's questions, for their weights, scores and answers.
  query("/activity/stock/queries", { access: [access, "FUNCTION_ACTIVITY_EDIT"], input: queryIdInput }, listQuestions),
  query("/activity/stock/query", { access, input: queryIdInput }, openQuestion),
  query("/activity/stock/query/parents", { access, input: parentsInput }, parentQuestions),
  // A question with a hundred options in both languages, sealed.
  command("/activity/stock/query/update", { access, input: questionSaveInput, maxBytes: 1_000_000, audit: "question.update" }, saveQuestion),
  command("/activity/stock/query/delete", { access, input: queryDeleteInput, audit: "question.delete" }, deleteQuestion),
]);
