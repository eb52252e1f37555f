// An instance's cache of what sign-up reads that only staff change (issue 19,
// decision in docs/decisions.md): an activity's row, team, module and their
// conditions, its form, questionnaire and relationship rules, kept under the
// configuration version the database bumps at the commit of any change to
// them (sql/0016_sign-config.sql). Each sign-up reads, in one statement, the
// live counters (places taken and caps, state, the sold-out version, the
// capped options' stock) with that version, and uses the cache only when the
// version matches; counters are never served from it. One cache per app,
// made with the app's state: two apps in one process never share it.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { activities, questionnaireItems, questionnaires, questionOptions, relationshipRules, ruleGifts, signConfig, teams } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import type { Ctx } from "../context";
import type { Rule } from "./family";
import { type FormConfig, formConfigOf, type Loaded, loadActivity, quizItemsOf } from "./loaded";

type Reads = Pick<Ctx, "db">;

export type SignConfig = {
  /** As read at its version; the counters in it are stale and replaced by the live ones on every use. */
  loaded: Loaded;
  form: FormConfig;
  questionnaire: typeof questionnaires.$inferSelect | null;
  /** Every question the activity asks, in questionnaire order, with its options. */
  items: Awaited<ReturnType<typeof quizItemsOf>>;
  rules: Rule[];
};

async function configOf(ctx: Reads, id: number): Promise<SignConfig | null> {
  const loaded = await loadActivity(ctx, id);
  if (!loaded) return null;
  const [form, [questionnaire], items, ruleRows] = await Promise.all([
    formConfigOf(ctx, id),
    ctx.db.select().from(questionnaires).where(eq(questionnaires.activityId, id)),
    quizItemsOf(ctx, id),
    ctx.db.select().from(relationshipRules).where(eq(relationshipRules.activityId, id)).orderBy(asc(relationshipRules.sortIndex), asc(relationshipRules.id)),
  ]);
  const giftRows = ruleRows.length ? await ctx.db.select().from(ruleGifts).where(inArray(ruleGifts.ruleId, ruleRows.map((r) => r.id))) : [];
  const rules = ruleRows.map((r) => ({ ...r, giftIds: giftRows.filter((g) => g.ruleId === r.id).map((g) => g.giftId) }));
  return { loaded, form, questionnaire: questionnaire ?? null, items, rules };
}

type LiveRow = {
  used: number;
  cap: number | null;
  state: number;
  version: number;
  team_used: number | null;
  team_cap: number | null;
  config: string;
  options: unknown;
};

/** The one statement every sign-up reads: the counters, and the configuration version. */
const liveOf = async (ctx: Reads, id: number) =>
  rowsOf<LiveRow>(
    await ctx.db.execute(sql`
      select ${activities.used}, ${activities.cap}, ${activities.state}, ${activities.version},
        ${teams.used} as team_used, ${teams.cap} as team_cap,
        (select ${signConfig.version}::text from ${signConfig} where ${signConfig.id} = 1) as config,
        (select json_agg(json_build_array(${questionOptions.id}, ${questionOptions.used})) from ${questionOptions}
          join ${questionnaireItems} on ${questionnaireItems.questionId} = ${questionOptions.questionId}
          where ${questionnaireItems.activityId} = ${activities.id} and ${questionOptions.cap} is not null) as options
      from ${activities} left join ${teams} on ${teams.id} = ${activities.teamId}
      where ${activities.id} = ${id}`),
  )[0];

/** The configuration with this request's live counters in it. */
function withLive(config: SignConfig, live: LiveRow): SignConfig {
  const { loaded } = config;
  const stock = new Map<number, number>(typeof live.options === "string" ? JSON.parse(live.options) : ((live.options as [number, number][] | null) ?? []));
  const items = stock.size === 0 ? config.items : config.items.map((item) => ({
    ...item,
    question: { ...item.question, options: item.question.options.map((o) => (stock.has(o.id) ? { ...o, used: stock.get(o.id)! } : o)) },
  }));
  return {
    ...config,
    loaded: {
      ...loaded,
      activity: { ...loaded.activity, used: live.used, cap: live.cap, state: live.state, version: live.version },
      team: loaded.team && { ...loaded.team, used: live.team_used ?? loaded.team.used, cap: live.team_cap },
    },
    items,
  };
}

export type SignConfigCache = ReturnType<typeof signConfigCache>;

declare module "../context" {
  interface AppState {
    /** What sign-up reads that only staff change, by activity, under its version. */
    signConfig: SignConfigCache;
  }
}

/** At most `limit` activities are kept, the least recently loaded dropped first. */
export function signConfigCache(limit = 200) {
  /** Activity id -> the configuration version and its load (shared by the requests that miss at once). */
  const entries = new Map<number, { version: string; config: Promise<SignConfig | null> }>();

  return {
    /** The activity's configuration with its live counters (one statement when cached); null when there is no such activity. */
    async of(ctx: Reads, id: number): Promise<SignConfig | null> {
      const live = await liveOf(ctx, id);
      if (!live) return null;
      let entry = entries.get(id);
      if (entry?.version !== live.config) {
        // Read after the version: what is kept under it is never older than it.
        const fresh = { version: live.config, config: configOf(ctx, id) };
        entry = fresh;
        entries.delete(id);
        entries.set(id, fresh);
        if (entries.size > limit) entries.delete(entries.keys().next().value!);
        fresh.config.then(
          (config) => config === null && entries.get(id) === fresh && entries.delete(id),
          () => entries.get(id) === fresh && entries.delete(id),
        );
      }
      const config = await entry.config;
      return config && withLive(config, live);
    },
  };
}
