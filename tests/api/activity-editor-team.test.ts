// The team, tag groups, family rules and gifts of the activity editor (spec
// 3 sections 2.2, 3, 5 "Tag", "Activity group", "Relationship rule",
// "Gift"; spec 2 section 7 /activity/check/family): each rule's refusal
// named, renumbering, joining and leaving a team, the module page's tiles in
// display order, the gift manager and the family check.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { families, gifts, relations, ruleGifts, relationshipRules, tagGroups, tags, teams } from "../../src/db/schema";
import { ACTIVITY_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { activityRow, makeActivity, makeModule, makeTeam } from "../helpers/activities";
import { activityPart, type Answer, editInfo } from "../helpers/activity-editor";
import { startTestApp, type TestApp } from "../helpers/app";
import { START } from "../helpers/clock";
import { TINY_PNG } from "../helpers/routes";

let t: TestApp;
let editor: ApiClient;
let member: ApiClient;
let operator: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  [editor, member, operator] = await Promise.all([t.as("cn000002"), t.as("cn100001"), t.as("cn000003")]);
}, 60_000);
afterAll(() => t.close());

const preview = (over: Parameters<typeof makeActivity>[1] = {}) => makeActivity(t.db, { state: ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW, ...over });
const update = (payload: unknown, who: ApiClient = editor) => who.call<Answer>("/activity/update", payload);
const basicsOf = async (id: number) => activityPart((await editInfo(editor, id)).activity);
const refused = async (payload: unknown) => {
  const answer = await update(payload);
  expect(answer.message.code).toBe("ERROR_PARAMS");
  return answer.message.params!;
};
const teamPart = (over: Record<string, unknown> = {}) => ({ nameZh: "徒步", nameEn: "Hiking", index: 1, showStock: null, formStock: null, signOnly: false, beforeCheckTag: false, ...over });
const tag = (nameZh: string, ids: number[]) => ({ nameZh, nameEn: `${nameZh}-en`, activities: ids.map((id) => ({ id })) });
const group = (nameZh: string, tagList: ReturnType<typeof tag>[]) => ({ nameZh, nameEn: `${nameZh}-en`, tags: tagList });

describe("team and tag groups", () => {
  test("a new team with two tag groups: saved, numbered from 1, the activity in it", async () => {
    const m = await makeModule(t.db);
    const [a, b] = [await preview({ moduleId: m.id }), await preview({ moduleId: m.id })];
    const basics = await basicsOf(a.id);
    const answer = await update({
      activity: { ...basics, isMain: true },
      team: teamPart({ index: "12.9", formStock: "40", showStock: 50, signOnly: true, beforeCheckTag: true }),
      groups: [group("距离", [tag("5公里", [a.id]), tag("10公里", [b.id])]), group("时段", [tag("上午", [a.id, b.id])])],
    });
    expect(answer.message.code).toBe("SUCCESS");
    const row = await activityRow(t.db, a.id);
    expect(row.isMain).toBe(true);
    const [team] = await t.db.select().from(teams).where(eq(teams.id, row.teamId!));
    expect(team).toMatchObject({ moduleId: m.id, sortIndex: 12, cap: 40, showStock: 50, signOnly: true, beforeCheckTag: true, used: 0 });
    const info = await editInfo(editor, a.id);
    expect(info.team.groups.map((g: any) => [g.index, g.nameZh, g.tags.map((x: any) => [x.index, x.nameZh, x.activities.map((l: any) => l.id)])])).toEqual([
      [1, "距离", [[1, "5公里", [a.id]], [2, "10公里", [b.id]]]],
      [2, "时段", [[1, "上午", [a.id, b.id]]]],
    ]);
    // Moving the second group up and deleting a tag: renumbered, ids kept.
    const [g1, g2] = info.team.groups;
    const moved = await update({
      activity: basics,
      team: { ...teamPart(), id: info.team.id },
      groups: [
        { id: g2.id, nameZh: g2.nameZh, nameEn: g2.nameEn, tags: g2.tags.map((x: any) => ({ id: x.id, nameZh: x.nameZh, nameEn: x.nameEn, activities: [{ id: a.id }] })) },
        { id: g1.id, nameZh: g1.nameZh, nameEn: g1.nameEn, tags: [{ id: g1.tags[1].id, nameZh: "10公里", nameEn: "10km", activities: [{ id: b.id }] }] },
      ],
    });
    expect(moved.message.code).toBe("SUCCESS");
    const groupRows = await t.db.select().from(tagGroups).where(eq(tagGroups.teamId, info.team.id)).orderBy(tagGroups.sortIndex);
    expect(groupRows.map((g) => [g.id, g.sortIndex])).toEqual([
      [g2.id, 1],
      [g1.id, 2],
    ]);
    const tagRows = await t.db.select().from(tags).where(eq(tags.groupId, g1.id));
    expect(tagRows.map((x) => [x.id, x.sortIndex, x.nameEn])).toEqual([[g1.tags[1].id, 1, "10km"]]);
  });

  test("on a team being prepared, an editor's page counts the preview activities in its tags; a member never sees them", async () => {
    const m = await makeModule(t.db);
    const [a, b] = [await preview({ moduleId: m.id }), await preview({ moduleId: m.id })];
    const saved = await update({ activity: await basicsOf(a.id), team: teamPart(), groups: [group("距离", [tag("5公里", [a.id]), tag("10公里", [b.id])])] });
    expect(saved.message.code).toBe("SUCCESS");
    const page = await editor.call<Answer>("/activity/info", { id: a.id });
    // Not "ended": the tags hold the open previews, this one marked as this one.
    expect(page.activity.groups[0].tags.map((x: any) => [x.nameZh, x.isHas, x.isThis, x.activities.map((l: any) => l.id)])).toEqual([
      ["5公里", true, true, [a.id]],
      ["10公里", true, false, [b.id]],
    ]);
    expect((await member.call<Answer>("/activity/info", { id: a.id })).message.code).not.toBe("SUCCESS");
  });

  test("each tag and group rule is named", async () => {
    const m = await makeModule(t.db);
    const [a, b] = [await preview({ moduleId: m.id }), await preview({ moduleId: m.id })];
    const elsewhere = await preview();
    const activity = await basicsOf(a.id);
    const team = teamPart();
    const groupsRefused = (groups: unknown[]) => refused({ activity, team, groups });
    // "标签组的中英文名称不可为空"
    expect(await groupsRefused([group(" ", [tag("x", [a.id])])])).toMatchObject({ field: "groups", group: 0, part: "nameZh" });
    expect(await groupsRefused([{ ...group("g", [tag("x", [a.id])]), nameEn: "" }])).toMatchObject({ field: "groups", group: 0, part: "nameEn" });
    // "目前已存在相同名称的标签组，请尝试更换后再次提交"
    expect(await groupsRefused([group("g", [tag("x", [a.id])]), group("g", [tag("y", [b.id])])])).toMatchObject({ field: "groups", group: 1, part: "duplicate" });
    expect(await groupsRefused([group("g", [])])).toMatchObject({ field: "groups", group: 0, part: "tags" });
    expect(await groupsRefused([group("g", [{ ...tag("x", [a.id]), nameZh: "" }])])).toMatchObject({ field: "tags", group: 0, tag: 0, part: "nameZh" });
    expect(await groupsRefused([group("g", [tag("x", [a.id]), tag("x", [b.id])])])).toMatchObject({ field: "tags", group: 0, tag: 1, part: "duplicate" });
    // "标签至少需要关联一个活动"
    expect(await groupsRefused([group("g", [tag("x", [a.id]), tag("y", [])])])).toMatchObject({ field: "tags", tag: 1, part: "activities" });
    // "每组标签中关联的活动在各标签中仅出现一次"
    expect(await groupsRefused([group("g", [tag("x", [a.id]), tag("y", [a.id])])])).toMatchObject({ field: "tags", tag: 1, part: "twice", activity: a.id });
    expect(await groupsRefused([group("g", [tag("x", [a.id, elsewhere.id])])])).toMatchObject({ field: "tags", part: "activity", activity: elsewhere.id });
    // At least one tag links the activity being saved.
    expect(await groupsRefused([group("g", [tag("x", [b.id])])])).toMatchObject({ field: "groups", part: "this" });
    // Groups need a team.
    expect(await refused({ activity, groups: [group("g", [tag("x", [a.id])])] })).toMatchObject({ field: "groups", part: "team" });
    // Team fields.
    expect(await refused({ activity, team: teamPart({ nameZh: "" }) })).toMatchObject({ field: "team.nameZh" });
    expect(await refused({ activity, team: teamPart({ nameEn: " " }) })).toMatchObject({ field: "team.nameEn" });
    expect(await refused({ activity, team: teamPart({ index: "abc" }) })).toMatchObject({ field: "team.index" });
    expect(await refused({ activity, team: teamPart({ index: "" }) })).toMatchObject({ field: "team.index" });
    expect(await refused({ activity, team: teamPart({ formStock: "x" }) })).toMatchObject({ field: "team.formStock" });
    expect(await refused({ activity, team: { ...teamPart(), id: 999_999 } })).toMatchObject({ field: "team" });
    const other = await makeTeam(t.db, (await makeModule(t.db)).id);
    expect(await refused({ activity, team: { ...teamPart(), id: other.id } })).toMatchObject({ field: "team" });
    const taken = await makeTeam(t.db, m.id, { nameZh: "已有", nameEn: "Taken" });
    expect(await refused({ activity, team: teamPart({ nameZh: taken.nameZh }) })).toMatchObject({ field: "team.nameZh", reason: "duplicate" });
    expect(await refused({ activity, team: teamPart({ nameEn: taken.nameEn }) })).toMatchObject({ field: "team.nameEn", reason: "duplicate" });
    expect((await activityRow(t.db, a.id)).teamId).toBeNull();
  });

  test("joining another team of the module, then leaving it; the default activity is one per team", async () => {
    const m = await makeModule(t.db);
    const team = await makeTeam(t.db, m.id, { nameZh: "现有团队", nameEn: "Existing team" });
    const [a, b] = [await preview({ moduleId: m.id }), await preview({ moduleId: m.id, teamId: team.id, isMain: true })];
    const [g] = await t.db.insert(tagGroups).values({ teamId: team.id, nameZh: "组", nameEn: "Group", sortIndex: 1 }).returning();
    const [x] = await t.db.insert(tags).values({ groupId: g!.id, nameZh: "标签", nameEn: "Tag", sortIndex: 1 }).returning();
    const { tagActivities } = await import("../../src/db/schema");
    await t.db.insert(tagActivities).values({ tagId: x!.id, activityId: b.id });
    const teamInfo = await editor.call<Answer>("/activity/team", { id: team.id });
    expect(teamInfo.team).toMatchObject({ id: team.id, nameZh: "现有团队", activities: [{ id: b.id, isMain: true }] });
    const basics = await basicsOf(a.id);
    const joining = { ...teamPart({ nameZh: "现有团队", nameEn: "Existing team" }), id: team.id };
    // The team's tags do not reach the joining activity: refused until a tag links it.
    expect(await refused({ activity: basics, team: joining })).toMatchObject({ field: "groups", part: "this" });
    const groups = [{ id: g!.id, nameZh: "组", nameEn: "Group", tags: [{ id: x!.id, nameZh: "标签", nameEn: "Tag", activities: [{ id: b.id }, { id: a.id }] }] }];
    expect((await update({ activity: { ...basics, isMain: true }, team: joining, groups })).message.code).toBe("SUCCESS");
    expect(await activityRow(t.db, a.id)).toMatchObject({ teamId: team.id, isMain: true });
    expect((await activityRow(t.db, b.id)).isMain).toBe(false);
    // Leaving: no team, and no longer a default.
    expect((await update({ activity: { ...basics, isMain: true }, team: null })).message.code).toBe("SUCCESS");
    expect(await activityRow(t.db, a.id)).toMatchObject({ teamId: null, isMain: false });
  });

  test("the module page orders tiles by the team's display order, descending", async () => {
    const m = await makeModule(t.db);
    const low = await makeTeam(t.db, m.id, { nameZh: "低", nameEn: "Low", sortIndex: 1 });
    const high = await makeTeam(t.db, m.id, { nameZh: "高", nameEn: "High", sortIndex: 9 });
    const alone = await makeActivity(t.db, { moduleId: m.id });
    await makeActivity(t.db, { moduleId: m.id, teamId: low.id });
    await makeActivity(t.db, { moduleId: m.id, teamId: high.id });
    const list = (await member.call<Answer>("/activity/list", { module: m.id })).list;
    expect(list.map((x: any) => x.team?.id ?? `alone ${x.id}`)).toEqual([high.id, low.id, `alone ${alone.id}`]);
  });

  test("/activity/simple/find lists the module's activities by either name", async () => {
    const m = await makeModule(t.db);
    const a = await preview({ moduleId: m.id, nameZh: "游泳课", nameEn: "Swimming class" });
    await preview({ moduleId: m.id, nameZh: "瑜伽", nameEn: "Yoga" });
    await makeActivity(t.db, { moduleId: m.id, nameZh: "游泳下线", nameEn: "Swim offline", state: ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE });
    await preview({ nameZh: "游泳别处", nameEn: "Swimming elsewhere" });
    const found = await editor.call<Answer>("/activity/simple/find", { name: "swim", module: m.id });
    expect(found.list.map((x: any) => x.id)).toEqual([a.id]);
    expect((await editor.call<Answer>("/activity/simple/find", { name: "游泳", module: m.id })).list.map((x: any) => x.id)).toEqual([a.id]);
    expect((await editor.call<Answer>("/activity/simple/find", { name: "%", module: m.id })).list).toEqual([]);
    expect((await editor.call<Answer>("/activity/simple/find", { name: "", module: m.id })).list).toHaveLength(2);
    expect((await member.call<Answer>("/activity/simple/find", { name: "" })).message.code).toBe("ERROR_NOT_POWER");
  });
});

describe("family rules", () => {
  const rule = (over: Record<string, unknown> = {}) => ({ relationship: { id: -1 }, gender: -1, ageFamilyMin: null, ageFamilyMax: null, allowMin: 1, allowMax: 1, calCount: true, gifts: [], ...over });

  test("rules with gifts are saved; each rule's refusal is named", async () => {
    const a = await preview();
    const activity = await basicsOf(a.id);
    const [child, spouse] = await Promise.all(["child", "spouse"].map(async (code) => (await t.db.select().from(relations).where(eq(relations.code, code)))[0]!));
    const [g1, g2] = await t.db.insert(gifts).values([{ nameZh: "玩具", nameEn: "Toy", cap: 10 }, { nameZh: "书", nameEn: "Book" }]).returning();
    const rel = (r: typeof child) => ({ relationship: { id: r!.id } });
    expect(await refused({ activity, relationships: [rule({ relationship: { id: 999_999 } })] })).toMatchObject({ field: "relationships", index: 0, part: "relationship" });
    // "Any" only when no other rule.
    expect(await refused({ activity, relationships: [rule(rel(child)), rule()] })).toMatchObject({ field: "relationships", index: 1, part: "any" });
    expect(await refused({ activity, relationships: [rule(), rule(rel(child))] })).toMatchObject({ index: 0, part: "any" });
    expect(await refused({ activity, relationships: [rule(rel(child)), rule(rel(child))] })).toMatchObject({ index: 1, part: "twice" });
    expect(await refused({ activity, relationships: [rule({ gender: 3 })] })).toMatchObject({ part: "gender" });
    // "请填写最少选择人数。"
    expect(await refused({ activity, relationships: [rule({ allowMin: "" })] })).toMatchObject({ part: "allowMin" });
    expect(await refused({ activity, relationships: [rule({ allowMax: null })] })).toMatchObject({ part: "allowMax" });
    expect(await refused({ activity, relationships: [rule({ allowMin: 3, allowMax: 2 })] })).toMatchObject({ part: "allowMax" });
    expect(await refused({ activity, relationships: [rule({ ageFamilyMin: "2020-13-40" })] })).toMatchObject({ part: "ageFamilyMin" });
    expect(await refused({ activity, relationships: [rule({ ageFamilyMin: "2020-01-01", ageFamilyMax: "2010-01-01" })] })).toMatchObject({ part: "ageFamilyMax" });
    expect(await refused({ activity, relationships: [rule({ gifts: [{ id: 999_999 }] })] })).toMatchObject({ part: "gift" });
    // "该家属已关联此礼品"
    expect(await refused({ activity, relationships: [rule({ gifts: [{ id: g1!.id }, { id: g1!.id }] })] })).toMatchObject({ part: "giftTwice", gift: g1!.id });
    const answer = await update({
      activity: { ...activity, calUserCount: false },
      relationships: [
        rule({ ...rel(child), gender: 1, ageFamilyMin: "2012-01-01", ageFamilyMax: "2020-12-31", allowMin: 0, allowMax: "2", gifts: [{ id: g1!.id }, { id: g2!.id }] }),
        rule({ ...rel(spouse), calCount: false }),
      ],
    });
    expect(answer.message.code).toBe("SUCCESS");
    const info = await editInfo(editor, a.id);
    expect(info.relationships).toMatchObject([
      { relationship: { id: child!.id }, gender: 1, ageFamilyMin: "2012-01-01", ageFamilyMax: "2020-12-31", allowMin: 0, allowMax: 2, calCount: true, gifts: [{ id: g1!.id }, { id: g2!.id }] },
      { relationship: { id: spouse!.id }, allowMin: 1, allowMax: 1, calCount: false, gifts: [] },
    ]);
    expect(info.activity.calUserCount).toBe(false);
    // An empty list removes them, and the member counts again.
    expect((await update({ activity: { ...activity, calUserCount: false }, relationships: [] })).message.code).toBe("SUCCESS");
    expect(await t.db.select().from(relationshipRules).where(eq(relationshipRules.activityId, a.id))).toHaveLength(0);
    expect((await activityRow(t.db, a.id)).calUserCount).toBe(true);
  });

  test("published, the rules and the questionnaire are fixed: the same rules pass, changed ones are refused", async () => {
    const a = await makeActivity(t.db);
    const info = await editInfo(editor, a.id);
    expect(info.activity.locked).toBe(true);
    expect((await update({ activity: activityPart(info.activity), relationships: [] })).message.code).toBe("SUCCESS");
    const changed = await update({ activity: activityPart(info.activity), relationships: [rule()] });
    expect(changed.message).toMatchObject({ code: "ERROR_ACTIVITY_STATE", params: { field: "relationships" } });
    expect((await update({ activity: activityPart(info.activity), queryStock: null })).message.code).toBe("SUCCESS");
    expect(await t.db.select().from(relationshipRules).where(eq(relationshipRules.activityId, a.id))).toHaveLength(0);
  });
});

describe("gifts", () => {
  test("create, edit, search; names required, stock a number or empty, never below what was chosen", async () => {
    const face = (await editor.upload<{ path: string }>("/file/upload/image", new Blob([TINY_PNG], { type: "image/png" }), "gift.png")).path!;
    const save = (gift: Record<string, unknown>, who: ApiClient = editor) => who.call<Answer>("/gift/save", { gift });
    const made = await save({ nameZh: " 保温杯 ", nameEn: "Thermos", stock: "20", face });
    expect(made.message.code).toBe("SUCCESS");
    expect(made.gift).toMatchObject({ nameZh: "保温杯", nameEn: "Thermos", stock: 20, form: 0, remaining: 20, face });
    expect((await save({ nameZh: "", nameEn: "x", stock: null, face: null })).message.params).toMatchObject({ field: "nameZh" });
    expect((await save({ nameZh: "x", nameEn: " ", stock: null, face: null })).message.params).toMatchObject({ field: "nameEn" });
    // "库存请填写数字或不填"
    expect((await save({ nameZh: "x", nameEn: "x", stock: "twenty", face: null })).message.params).toMatchObject({ field: "stock" });
    expect((await save({ nameZh: "x", nameEn: "x", stock: 1.5, face: null })).message.params).toMatchObject({ field: "stock" });
    expect((await save({ nameZh: "x", nameEn: "x", stock: null, face: "http://elsewhere/x.png" })).message.params).toMatchObject({ field: "face" });
    await t.db.update(gifts).set({ used: 5 }).where(eq(gifts.id, made.gift.id));
    expect((await save({ id: made.gift.id, nameZh: "保温杯", nameEn: "Thermos", stock: 4, face })).message.params).toMatchObject({ field: "stock", reason: "used", used: 5 });
    const edited = await save({ id: made.gift.id, nameZh: "保温杯", nameEn: "Thermos", stock: "", face: null });
    expect(edited.gift).toMatchObject({ stock: null, form: 5, remaining: null, face: null });
    const found = await editor.call<Answer>("/gift/find", { name: "thermo" });
    expect(found.list.map((g: any) => g.id)).toContain(made.gift.id);
    expect((await save({ nameZh: "x", nameEn: "x", stock: null, face: null }, member)).message.code).toBe("ERROR_NOT_POWER");
    expect((await operator.call<Answer>("/gift/find", { name: "" })).message.code).toBe("ERROR_NOT_POWER");
    expect((await save({ id: 999_999, nameZh: "x", nameEn: "x", stock: null, face: null })).message.code).toBe("ERROR_RESULT_NULL");
    expect(await t.db.select().from(ruleGifts).where(eq(ruleGifts.giftId, made.gift.id))).toHaveLength(0);
  });

  test("/activity/check/family tells whether the member's family member is carried by a live sign-up", async () => {
    const [child] = await t.db.select().from(relations).where(eq(relations.code, "child"));
    const a = await makeActivity(t.db, { nameEn: "Family day" });
    const { makeRule } = await import("../helpers/activities");
    await makeRule(t.db, a.id, { relationId: child!.id });
    const me = (await member.call<Answer>("/user/reload")).user;
    const [kin] = await t.db
      .insert(families)
      .values({ userId: me.id, name: "小明", identity: "110101201503070018", idType: 1, relationId: child!.id, sex: 0, birthday: "2015-03-07", createdAt: START, updatedAt: START })
      .returning();
    const check = () => member.call<Answer>("/activity/check/family", { family: kin!.id });
    expect((await check()).result).toEqual({ signed: false, activities: [] });
    expect((await member.call<Answer>("/order/sign", { activity: a.id, clans: [{ id: kin!.id }] })).message.code).toBe("SUCCESS");
    expect((await check()).result).toMatchObject({ signed: true, activities: [{ id: a.id, nameEn: "Family day" }] });
    // Someone else's family member is not found.
    expect((await editor.call<Answer>("/activity/check/family", { family: kin!.id })).message.code).toBe("ERROR_RESULT_NULL");
  });
});
