// An activity as sign-up reads it: its row with its team and module and the
// conditions of all three, the questions it asks and the profile properties
// its form shows. Read-only, on whatever the caller's ctx holds (the pool
// before a command's transaction, the transaction inside it).
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { activities, activityProperties, conditions, modules, questionOptions, questionnaireItems, questions, teams } from "../../db/schema";
import type { Ctx } from "../context";
import { type PropertyView, propertyViews } from "../property/service";
import type { Condition, Member } from "./conditions";

export type ActivityRow = typeof activities.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type ModuleRow = typeof modules.$inferSelect;

export type Loaded = { activity: ActivityRow; team: TeamRow | null; module: ModuleRow; conditions: Condition[] };

type Reads = Pick<Ctx, "db">;

export async function loadActivity(ctx: Reads, id: number): Promise<Loaded | null> {
  const [row] = await ctx.db
    .select({ activity: activities, team: teams, module: modules })
    .from(activities)
    .innerJoin(modules, eq(modules.id, activities.moduleId))
    .leftJoin(teams, eq(teams.id, activities.teamId))
    .where(eq(activities.id, id));
  if (!row) return null;
  const owners = [eq(conditions.activityId, id), eq(conditions.moduleId, row.module.id)];
  if (row.team) owners.push(eq(conditions.teamId, row.team.id));
  const conds = await ctx.db.select().from(conditions).where(or(...owners));
  return { ...row, conditions: conds };
}

/**
 * The questions an activity asks (only those given, when a draw names them),
 * in questionnaire order, each with its options, score, right answer and
 * weight: what the draw shows and what the sign-up checks.
 */
export async function quizItemsOf(ctx: Reads, activityId: number, questionIds?: readonly number[]) {
  if (questionIds?.length === 0) return [];
  const rows = await ctx.db
    .select({ item: questionnaireItems, question: questions })
    .from(questionnaireItems)
    .innerJoin(questions, eq(questions.id, questionnaireItems.questionId))
    .where(and(eq(questionnaireItems.activityId, activityId), questionIds ? inArray(questionnaireItems.questionId, [...questionIds]) : undefined))
    .orderBy(asc(questionnaireItems.sortIndex), asc(questions.id));
  const options = rows.length
    ? await ctx.db
        .select()
        .from(questionOptions)
        .where(inArray(questionOptions.questionId, rows.map((r) => r.question.id)))
        .orderBy(asc(questionOptions.sortIndex), asc(questionOptions.id))
    : [];
  return rows.map(({ item, question }) => ({
    question: { ...question, options: options.filter((o) => o.questionId === question.id) },
    score: item.score,
    answer: item.answer,
    weight: item.weight,
  }));
}

/** The profile properties the activity's form shows, with the member's current values. */
export async function activityPropertiesOf(ctx: Reads, activityId: number, member: Member) {
  return formOf(await formConfigOf(ctx, activityId), member);
}

export type FormConfig = { rows: (typeof activityProperties.$inferSelect)[]; views: PropertyView[] };

/** What the activity's form shows, without any member's values: the configuration sign-up caches. */
export async function formConfigOf(ctx: Reads, activityId: number): Promise<FormConfig> {
  const rows = await ctx.db.select().from(activityProperties).where(eq(activityProperties.activityId, activityId)).orderBy(asc(activityProperties.sortIndex));
  return { rows, views: await propertyViews(ctx, rows.map((r) => r.propertyId)) };
}

/** The form's properties this member is shown, with their current values. */
export function formOf({ rows, views }: FormConfig, member: Member) {
  return rows
    .map((r) => {
      const property = views.find((v) => v.id === r.propertyId);
      if (!property || !(member.foreigner ? !property.isChineseOnly : !property.isForeignerOnly)) return null;
      const value = member.values.get(r.propertyId) ?? null;
      // A choice is stored as its option's value; the option decides what a dependent field may offer.
      const option = property.options.find((o) => o.value === value);
      return { property, isReadonly: r.isReadonly, isMust: r.isMust || property.isMust, value, option: option ? { id: option.id } : null };
    })
    .filter((r) => r !== null);
}
