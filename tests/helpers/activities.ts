// Builds modules, teams and activities for a test, with defaults around the
// test clock's START: published, sign-up open from an hour before START for
// a week, free, one place per member, no limits. Pass what the test is about.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../src/db/client";
import { hashPassword } from "../../src/db/seed";
import {
  activities,
  gifts,
  modules,
  questionBanks,
  questionOptions,
  questionnaireItems,
  questionnaires,
  questions,
  relationshipRules,
  roles,
  ruleGifts,
  teams,
  users,
} from "../../src/db/schema";
import { ACTIVITY_STATE, MODULE_MODEL, PROPERTY_TYPE, QUIZ_DISPLAY, USER_STATE } from "../../src/protocol/enumerations";
import { START } from "./clock";

const HOUR = 3_600_000;
export const at = (hours: number) => new Date(START.getTime() + hours * HOUR);

export async function makeModule(db: DbOrTx, over: Partial<typeof modules.$inferInsert> = {}) {
  const [row] = await db
    .insert(modules)
    .values({ nameZh: "测试模块", nameEn: "Test module", year: START.getUTCFullYear(), model: MODULE_MODEL.MODULE_MODEL_ACTIVITY, createdAt: START, ...over })
    .returning();
  return row!;
}

export async function makeTeam(db: DbOrTx, moduleId: number, over: Partial<typeof teams.$inferInsert> = {}) {
  const [row] = await db.insert(teams).values({ moduleId, nameZh: "测试团队", nameEn: "Test team", ...over }).returning();
  return row!;
}

export async function makeActivity(db: DbOrTx, over: Partial<typeof activities.$inferInsert> = {}) {
  const moduleId = over.moduleId ?? (await makeModule(db)).id;
  const [row] = await db
    .insert(activities)
    .values({
      moduleId,
      state: ACTIVITY_STATE.ACTIVITY_STATE_NORMAL,
      nameZh: "测试活动",
      nameEn: "Test activity",
      signStart: at(-1),
      signEnd: at(24 * 7),
      createdAt: START,
      updatedAt: START,
      ...over,
    })
    .returning();
  return row!;
}

export async function activityRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(activities).where(eq(activities.id, id));
  return row!;
}

type QuestionSpec = {
  type?: number;
  titleZh?: string;
  isMust?: boolean;
  match?: string | null;
  isChineseOnly?: boolean;
  isForeignerOnly?: boolean;
  options?: { value: string; cap?: number | null; endDate?: Date | null }[];
  score?: number;
  answer?: string;
  weight?: number;
};

/** A bank with the given questions, bound to the activity; returns the question and option ids. */
export async function makeQuiz(db: DbOrTx, activityId: number, specs: QuestionSpec[], settings: Partial<typeof questionnaires.$inferInsert> = {}) {
  const [bank] = await db.insert(questionBanks).values({ name: `bank-${activityId}-${Math.random().toString(36).slice(2, 8)}`, createdAt: START }).returning();
  await db.insert(questionnaires).values({ activityId, bankId: bank!.id, display: QUIZ_DISPLAY.QUIZ_DISPLAY_FRAME, ...settings });
  const made: { id: number; options: { id: number; value: string }[] }[] = [];
  for (const [i, s] of specs.entries()) {
    const [q] = await db
      .insert(questions)
      .values({
        bankId: bank!.id,
        type: s.type ?? PROPERTY_TYPE.PROPERTY_TYPE_RADIO,
        titleZh: s.titleZh ?? `问题${i + 1}`,
        titleEn: `Question ${i + 1}`,
        isMust: s.isMust ?? true,
        match: s.match ?? null,
        isChineseOnly: s.isChineseOnly ?? false,
        isForeignerOnly: s.isForeignerOnly ?? false,
        sortIndex: i,
      })
      .returning();
    const options = s.options?.length
      ? await db
          .insert(questionOptions)
          .values(s.options.map((o, k) => ({ questionId: q!.id, value: o.value, textZh: o.value, textEn: o.value, cap: o.cap ?? null, endDate: o.endDate ?? null, sortIndex: k })))
          .returning({ id: questionOptions.id, value: questionOptions.value })
      : [];
    await db.insert(questionnaireItems).values({ activityId, questionId: q!.id, score: s.score ?? 0, answer: s.answer ?? "", weight: s.weight ?? 100, sortIndex: i });
    made.push({ id: q!.id, options });
  }
  return made;
}

export async function makeRule(db: DbOrTx, activityId: number, over: Partial<typeof relationshipRules.$inferInsert> = {}, giftCaps: (number | null)[] = []) {
  const [rule] = await db.insert(relationshipRules).values({ activityId, ...over }).returning();
  const giftIds: number[] = [];
  for (const [i, cap] of giftCaps.entries()) {
    const [g] = await db.insert(gifts).values({ nameZh: `礼品${i + 1}`, nameEn: `Gift ${i + 1}`, cap }).returning();
    await db.insert(ruleGifts).values({ ruleId: rule!.id, giftId: g!.id });
    giftIds.push(g!.id);
  }
  return { rule: rule!, giftIds };
}

let memberHash: Promise<string> | null = null;

/** Active members with the demo password (hashed once per process), for races between many members. */
export async function makeMembers(db: DbOrTx, n: number, prefix = "rc") {
  memberHash ??= hashPassword("Union2026demo");
  const hash = await memberHash;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, "member"));
  const tag = Math.random().toString(36).slice(2, 6);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        employees: `${prefix}${tag}${String(i).padStart(4, "0")}`,
        passwordHash: hash,
        state: USER_STATE.USER_STATE_ACTIVE,
        roleId: role!.id,
        createdAt: START,
        updatedAt: START,
      })),
    )
    .returning({ id: users.id, employees: users.employees });
  return rows.map((r) => ({ id: r.id, account: r.employees! }));
}
