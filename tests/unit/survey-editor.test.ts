// The staff's survey editor (ui/pages/admin/survey-model.ts, issue 32 item 4):
// the browser's checks before sending, what it sends, and where a refusal of
// the server (src/domains/surveys/editing.ts) is shown.
import { describe, expect, test } from "bun:test";
import { message } from "../../src/protocol/result";
import { blankOption, blankQuestion, errorParams, focusOf, formOf, payloadOf, type Problems, refusalOf, type SurveyForm, validate } from "../../ui/pages/admin/survey-model";

const problems = (): Problems => ({ questions: null, audience: null });

function filled(): SurveyForm {
  const form = formOf(null);
  const choice = blankQuestion("single");
  choice.titleZh = "最想参加的活动";
  choice.titleEn = "Which outing?";
  choice.options = [
    { ...blankOption(), textZh: "徒步", textEn: "Hike" },
    { ...blankOption(), textZh: "观影", textEn: "Film" },
  ];
  const rating = { ...blankQuestion("rating"), titleZh: "满意度", titleEn: "Satisfied?", scale: 7 };
  return { ...form, titleZh: "调查", titleEn: "Survey", opensAt: "2026-03-03 09:30", closesAt: "2026-03-10 09:30", questions: [choice, rating] };
}

describe("the survey editor", () => {
  test("a new survey starts anonymous with one single choice of two empty choices", () => {
    const form = formOf(null);
    expect([form.kind, form.anonymous, form.questions.length, form.questions[0]!.kind, form.questions[0]!.options.length]).toEqual(["survey", true, 1, "single", 2]);
  });

  test("checks the titles, the times in order and each question, naming the question and its choice", () => {
    const p = problems();
    expect(validate(filled(), null, p)).toEqual({});
    expect(validate({ ...filled(), titleEn: " " }, null, p)).toEqual({ titleEn: "surveysAdmin.errors.titleEn" });
    expect(validate({ ...filled(), closesAt: "2026-03-03 09:00" }, null, p)).toEqual({ closesAt: "surveysAdmin.errors.closesOrder" });
    expect(validate({ ...filled(), opensAt: "" }, null, p)).toEqual({ opensAt: "surveysAdmin.errors.opensAt" });
    expect(validate({ ...filled(), questions: [] }, null, p)).toEqual({ questions: "surveysAdmin.errors.questionsNone" });

    const form = filled();
    form.questions[0]!.options[1]!.textEn = "";
    expect(validate(form, null, p)).toEqual({ questions: "surveysAdmin.errors.optionOf" });
    expect(errorParams("questions", p)).toEqual({ n: 1, m: 2 });
    expect(focusOf("questions", p)).toBe("#survey-q0-option1-textZh");

    form.questions[0]!.options.pop();
    expect(validate(form, null, p)).toEqual({ questions: "surveysAdmin.errors.optionsOf" });
    // Once open the questions go back as read: not checked again.
    expect(validate({ ...filled(), questions: [] }, "open", p)).toEqual({});
  });

  test("sends choices for a choice, the top score for a rating, nothing more for a text", () => {
    const form = filled();
    form.questions.push({ ...blankQuestion("text"), titleZh: "其他", titleEn: "Else", required: false });
    const sent = payloadOf(null, form);
    expect(sent.survey).not.toHaveProperty("id");
    expect(sent.survey.opensAt).toBe("2026-03-03T01:30:00.000Z");
    expect(sent.questions).toEqual([
      { kind: "single", titleZh: "最想参加的活动", titleEn: "Which outing?", required: true, options: [{ textZh: "徒步", textEn: "Hike" }, { textZh: "观影", textEn: "Film" }] },
      { kind: "rating", titleZh: "满意度", titleEn: "Satisfied?", required: true, scale: 7 },
      { kind: "text", titleZh: "其他", titleEn: "Else", required: false },
    ]);
    expect(payloadOf(7, form).survey.id).toBe(7);
  });

  test("a refusal is shown at the field it names: the closing time's reason, a question's part, the audience's condition, what is fixed once open", () => {
    const p = problems();
    expect(refusalOf(message("ERROR_PARAMS", { field: "closesAt", reason: "past" }), p)).toEqual({ field: "closesAt", error: "surveysAdmin.errors.closesPast" });
    expect(refusalOf(message("ERROR_PARAMS", { field: "closesAt", reason: "order" }), p)).toEqual({ field: "closesAt", error: "surveysAdmin.errors.closesOrder" });
    expect(refusalOf(message("ERROR_PARAMS", { field: "titleZh" }), p)).toEqual({ field: "titleZh", error: "surveysAdmin.errors.titleZh" });
    expect(refusalOf(message("ERROR_PARAMS", { field: "questions", index: 2, part: "options", option: 0 }), p)).toEqual({ field: "questions", error: "surveysAdmin.errors.optionOf" });
    expect(errorParams("questions", p)).toEqual({ n: 3, m: 1 });
    expect(refusalOf(message("ERROR_PARAMS", { field: "questions", index: 1, part: "options" }), p)).toEqual({ field: "questions", error: "surveysAdmin.errors.optionsOf" });
    expect(focusOf("questions", p)).toBe("#survey-q1-options");
    expect(refusalOf(message("ERROR_PARAMS", { field: "audience", index: 1, part: "property" }), p)).toEqual({ field: "audience", error: "surveysAdmin.errors.audience" });
    expect(errorParams("audience", p)).toEqual({ n: 2 });
    expect(refusalOf(message("ERROR_SURVEY_OPEN", { field: "anonymous" }), p)).toEqual({ field: "anonymous", error: "surveysAdmin.errors.open" });
    expect(refusalOf(message("ERROR_SURVEY_OPEN", { field: "questions" }), p)).toEqual({ field: "questions", error: "surveysAdmin.errors.open" });
    expect(refusalOf(message("ERROR_NOT_POWER"), p)).toBeNull();
  });
});
