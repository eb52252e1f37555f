// The activity page's rules apart from React: tag groups narrowing each other
// (spec 2 section 4) and the windows a sign-up goes through, in order.
import { describe, expect, test } from "bun:test";
import { outcomesOf, stepsOf } from "../../ui/pages/activity/sign-steps";
import { chosenFromSearch, firstMissingGroup, narrow, remaining } from "../../ui/pages/activity/tag-rules";
import type { Activity } from "../../ui/pages/activity/activity-model";

type Group = Activity["groups"][number];
const tag = (id: number, activities: number[], open = true) => ({ id, nameZh: `${id}`, nameEn: `${id}`, index: id, activities: activities.map((a) => ({ id: a, signEnd: null, isFull: false })), isHas: open, isThis: false, isFull: false });
// Route: lakeside (1) holds walks 11 and 12, forest (2) 13 and 14; session: morning (3) 11 and 13, afternoon (4) 12 and 14.
const groups: Group[] = [
  { id: 100, nameZh: "路线", nameEn: "Route", index: 1, tags: [tag(1, [11, 12]), tag(2, [13, 14])] },
  { id: 200, nameZh: "场次", nameEn: "Session", index: 2, tags: [tag(3, [11, 13]), tag(4, [12, 14])] },
];

describe("tag groups", () => {
  test("a choice in each group leaves one activity; one choice alone leaves two", () => {
    expect(remaining(groups, {})).toBeNull();
    expect(remaining(groups, { 100: 2 })!.sort()).toEqual([13, 14]);
    expect(narrow(groups, { 100: 2 }, 200, 4)).toEqual({ chosen: { 100: 2, 200: 4 }, only: 14 });
  });

  test("changing one group keeps the other's choice when they still combine", () => {
    expect(narrow(groups, { 100: 1, 200: 3 }, 100, 2)).toEqual({ chosen: { 100: 2, 200: 3 }, only: 13 });
  });

  test("a choice that combines with nothing chosen elsewhere drops those choices", () => {
    const odd: Group[] = [groups[0]!, { ...groups[1]!, tags: [tag(3, [11]), tag(4, [12])] }];
    expect(narrow(odd, { 100: 1, 200: 3 }, 100, 2)).toEqual({ chosen: { 100: 2 }, only: null });
  });

  test("the member's tags come from the address when they narrowed there, else from the activity itself", () => {
    const mine: Group[] = groups.map((g) => ({ ...g, tags: g.tags.map((t) => ({ ...t, isThis: t.id === 1 || t.id === 4 })) }));
    expect(chosenFromSearch(new URLSearchParams(""), mine)).toEqual({ 100: 1, 200: 4 });
    expect(chosenFromSearch(new URLSearchParams("tags=2,3"), mine)).toEqual({ 100: 2, 200: 3 });
  });

  test("a group with open tags and no choice is the one the refusal names; a closed group needs none", () => {
    expect(firstMissingGroup(groups, { 100: 1 })?.id).toBe(200);
    const closed: Group[] = [groups[0]!, { ...groups[1]!, tags: [tag(3, [11], false), tag(4, [12], false)] }];
    expect(firstMissingGroup(closed, { 100: 1 })).toBeNull();
  });
});

describe("the sign-up windows", () => {
  const bare = { properties: [], queryStock: null, relationships: [], hasAddress: false, price: 0, deduction: 0, integral: 0, mustIntegral: false } as unknown as Activity;
  test("a plain activity only asks for confirmation", () => {
    expect(stepsOf(bare)).toEqual(["confirm"]);
  });
  test("every window in the spec's order, the deduction only where the rules allow it", () => {
    const all = { ...bare, properties: [{}], queryStock: {}, relationships: [{}], hasAddress: true, price: 100, deduction: 50, integral: 500 } as unknown as Activity;
    expect(stepsOf(all)).toEqual(["details", "quiz", "family", "address", "deduction", "confirm"]);
    expect(stepsOf({ ...all, mustIntegral: true })).not.toContain("deduction");
    expect(stepsOf({ ...all, deduction: 0 })).not.toContain("deduction");
  });
});

describe("what a written sign-up shows", () => {
  const review = [{ id: 1, answer: "A", score: 10 }];
  test("a free sign-up with nothing to show ends with the success message", () => {
    expect(outcomesOf({ pay: null, ticket: null, review: null }, false, false)).toEqual(["done"]);
  });
  test("a paid quiz with showAnswer shows the review once it is paid, not only a free one", () => {
    expect(outcomesOf({ pay: { url: "x" }, ticket: null, review }, false, true)).toEqual(["pay", "review"]);
    expect(outcomesOf({ pay: null, ticket: null, review }, false, true)).toEqual(["review"]);
  });
  test("a ticketed activity shows its ticket, after the payment when it is paid, then the review", () => {
    expect(outcomesOf({ pay: { url: "x" }, ticket: null, review }, true, true)).toEqual(["pay", "ticket", "review"]);
    expect(outcomesOf({ pay: null, ticket: { qr: "q" }, review: null }, true, false)).toEqual(["ticket"]);
  });
  test("a review with no quiz drawn in this window (a market trolley) is not shown", () => {
    expect(outcomesOf({ pay: null, ticket: null, review }, false, false)).toEqual(["done"]);
  });
});
