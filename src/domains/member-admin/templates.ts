// The member imports' templates (Download /user/operation/import/template,
// decision 112): the import's header row in the staff member's language, an
// example row (its employee number starts with "例" / "e.g.", so an import
// leaves it out, shared/sheets/imports.ts), and a second sheet "说明／Notes"
// in both languages: every column, whether it is required, its format and its
// allowed values, read from the live properties, countries and roles.
import { asc } from "drizzle-orm";
import { countries, roles } from "../../db/schema";
import { PROPERTY_PURPOSE, PROPERTY_TYPE } from "../../protocol/enumerations";
import type { MemberCtx } from "../context";
import { allProperties, type PropertyView } from "../property/service";
import { inLanguage } from "../shared/language";
import type { ImportColumn } from "../shared/sheets/imports";
import { type SheetCell, writeWorkbook, XLSX_TYPE } from "../shared/sheets/workbook";
import { employeesColumn, type MemberImportKind, needPower } from "./import-kit";
import { POINTS_COLUMNS } from "./import-lists";
import { updateColumns } from "./import-update";
import { rolePowersOf } from "./roles";

type Pair = readonly [string, string];
/** A column's notes: required, format and allowed values, each in both languages. */
type Note = { required: Pair; format: Pair; values?: Pair };

const both = ([zh, en]: Pair) => (zh === en ? zh : `${zh} / ${en}`);
const REQUIRED: Pair = ["必填", "Required"];
const OPTIONAL: Pair = ["选填", "Optional"];
/** The example row's employee number: an import leaves out a row whose first cell starts with "例" or "e.g." (shared/sheets/imports.ts). */
const exampleEmployees = (ctx: MemberCtx) => inLanguage(ctx, "例：A10001", "e.g. A10001");
const EMPLOYEES_NOTE: Note = {
  required: REQUIRED,
  format: ["1-50 位字母、数字、下划线或横线；以“例”或“e.g.”开头的示例行不会导入", 'Letters, digits, "_" or "-", 1 to 50; the example row (starting with "e.g." or "例") is not imported'],
};
const NAMES = { update: ["导入入职更新", "onboarding-update"], leave: ["导入离职", "leavers"], integral: ["导入积分", "points"], welcome: ["欢迎邮件", "welcome-mail"] } as const;

/** The template of a kind's import, as a download. */
export async function templateFile(ctx: MemberCtx, kind: MemberImportKind) {
  needPower(ctx, kind);
  const say = (pair: Pair) => inLanguage(ctx, pair[0], pair[1]);
  const { columns, example, notes } = kind === "update" ? await updateTemplate(ctx) : kind === "integral" ? await pointsTemplate(ctx) : await keyOnlyTemplate(ctx);
  const header = columns.map((c) => say([c.zh, c.en]));
  const noteRows: SheetCell[][] = [
    [both(["列", "Column"]), both(["是否必填", "Required"]), both(["格式", "Format"]), both(["可填的值", "Allowed values"])],
    ...columns.map((c, i) => [both([c.zh, c.en]), both(notes[i]!.required), both(notes[i]!.format), notes[i]!.values ? both(notes[i]!.values!) : ""]),
    [],
    [both(["第一行是标题行，第二行是示例（不会导入），请从第三行起每行填写一名会员。", "The first row holds the titles and the second an example (not imported): fill in one member a row from the third."])],
  ];
  const body = writeWorkbook([
    { name: say(["模板", "Template"]), rows: [header, example], widths: header.map(() => 18) },
    { name: "说明／Notes", rows: noteRows, widths: [28, 24, 48, 80] },
  ]);
  return { body, type: XLSX_TYPE, filename: `${say(NAMES[kind])}.xlsx`, cache: "none" as const };
}

type Template = { columns: ImportColumn[]; example: SheetCell[]; notes: Note[] };

async function keyOnlyTemplate(ctx: MemberCtx): Promise<Template> {
  return { columns: [await employeesColumn(ctx)], example: [exampleEmployees(ctx)], notes: [EMPLOYEES_NOTE] };
}

async function pointsTemplate(ctx: MemberCtx): Promise<Template> {
  const say = (pair: Pair) => inLanguage(ctx, pair[0], pair[1]);
  return {
    columns: await POINTS_COLUMNS(ctx),
    example: [exampleEmployees(ctx), "12.5", say(["年度表彰", "Annual award"]), "2027-12-31"],
    notes: [
      EMPLOYEES_NOTE,
      { required: REQUIRED, format: ["大于 0 的数字，最多两位小数，不超过 1,000,000", "A number above 0, two decimals at most, up to 1,000,000"] },
      { required: REQUIRED, format: ["不超过 100 个字", "Up to 100 characters"] },
      { required: OPTIONAL, format: ["日期，如 2027-12-31；留空则不过期", "A date such as 2027-12-31; empty: never expires"] },
    ],
  };
}

const CHOICE = new Set<number>([PROPERTY_TYPE.PROPERTY_TYPE_SELECT, PROPERTY_TYPE.PROPERTY_TYPE_RADIO, PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX]);
const listOf = (items: readonly Pair[]): Pair => [items.map((x) => x[0]).join("、"), items.map((x) => x[1]).join(", ")];

/** A property's notes: required on creating a member when it is required on the form. */
function propertyNote(p: PropertyView, byId: Map<number, PropertyView>): Note {
  const required: Pair = p.isMust ? ["新建会员时必填；留空则保留原值", "Required for a new member; empty keeps what is stored"] : ["选填；留空则保留原值", "Optional; empty keeps what is stored"];
  const type = p.type.id;
  const purpose = p.purpose.id;
  const only: Pair | null = p.isChineseOnly ? ["仅中国籍会员", "Chinese members only"] : p.isForeignerOnly ? ["仅外籍会员", "Foreign members only"] : null;
  const withOnly = (format: Pair): Pair => (only ? [`${format[0]}（${only[0]}）`, `${format[1]} (${only[1]})`] : format);
  if (purpose === PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE) return { required, format: withOnly(["11 位手机号，如 13800138000", "An 11-digit mobile number such as 13800138000"]) };
  if (purpose === PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL) return { required, format: withOnly(["邮箱地址，如 zhangsan@example.com", "An e-mail address such as zhangsan@example.com"]) };
  if (type === PROPERTY_TYPE.PROPERTY_TYPE_DATE) return { required, format: withOnly(["日期，如 1990-05-20", "A date such as 1990-05-20"]) };
  if (type === PROPERTY_TYPE.PROPERTY_TYPE_DATETIME) return { required, format: withOnly(["日期和时间，如 2026-05-20 09:30", "A date and time such as 2026-05-20 09:30"]) };
  if (!CHOICE.has(type)) return { required, format: withOnly(["文字", "Text"]) };
  const parent = p.parent ? byId.get(p.parent.id) : undefined;
  const parentOptions = new Map((parent?.options ?? []).map((o) => [o.id, o]));
  // A dependent property's options by its parent's option: "研发部：平台组、移动组".
  const groups = parent
    ? [...new Set(p.options.map((o) => o.parent?.id ?? 0))].map((id): Pair => {
        const head = parentOptions.get(id);
        const mine = listOf(p.options.filter((o) => (o.parent?.id ?? 0) === id).map((o): Pair => [o.textZh, o.textEn]));
        return head ? [`${head.textZh}：${mine[0]}`, `${head.textEn}: ${mine[1]}`] : mine;
      })
    : [listOf(p.options.map((o): Pair => [o.textZh, o.textEn]))];
  const values: Pair = [groups.map((g) => g[0]).join("；"), groups.map((g) => g[1]).join("; ")];
  const format: Pair =
    type === PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX
      ? ["可选多项，用“、”或“,”分隔；中文或英文均可", 'Several may be chosen, separated by "、" or ","; Chinese or English']
      : parent
        ? [`一项，随“${parent.titleZh}”的选项而定；中文或英文均可`, `One, by the choice of "${parent.titleEn}"; Chinese or English`]
        : ["一项；中文或英文均可", "One; Chinese or English"];
  return { required, format: withOnly(format), values };
}

/** An example value of a property, consistent with the example's other choices (`chosen`: option ids picked so far). */
function exampleOf(p: PropertyView, say: (pair: Pair) => string, chosen: Map<number, number>): string {
  const type = p.type.id;
  const purpose = p.purpose.id;
  if (p.isForeignerOnly) return "";
  if (purpose === PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME) return say(["张三", "Zhang San"]);
  if (purpose === PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE) return "13800138000";
  if (purpose === PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL) return "zhangsan@example.com";
  if (type === PROPERTY_TYPE.PROPERTY_TYPE_DATE) return "1990-05-20";
  if (type === PROPERTY_TYPE.PROPERTY_TYPE_DATETIME) return "2026-05-20 09:30";
  if (!CHOICE.has(type)) return "";
  const parentChoice = p.parent ? chosen.get(p.parent.id) : undefined;
  const option = p.parent ? p.options.find((o) => o.parent?.id === parentChoice) : p.options[0];
  if (!option) return "";
  chosen.set(p.id, option.id);
  return say([option.textZh, option.textEn]);
}

async function updateTemplate(ctx: MemberCtx): Promise<Template> {
  const say = (pair: Pair) => inLanguage(ctx, pair[0], pair[1]);
  const { list } = await allProperties({ ctx });
  const columns = await updateColumns(ctx, list);
  const [countryRows, roleRows, powersOf] = await Promise.all([ctx.db.select().from(countries).orderBy(asc(countries.sortIndex), asc(countries.id)), ctx.db.select().from(roles).orderBy(asc(roles.id)), rolePowersOf(ctx)]);
  const byId = new Map(list.map((p) => [p.id, p]));
  const chosen = new Map<number, number>();
  // The example member: the first country, and the role with the fewest powers (an ordinary member's).
  const role = [...roleRows].sort((a, b) => powersOf(a.id).size - powersOf(b.id).size || a.id - b.id)[0];
  const country = countryRows[0];
  const example: SheetCell[] = columns.map((c) => {
    if (c.key === "employees") return exampleEmployees(ctx);
    if (c.key === "nationality") return country ? say([country.nameZh, country.nameEn]) : "";
    if (c.key === "role") return role ? say([role.nameZh, role.nameEn]) : "";
    return exampleOf(byId.get(Number(c.key.slice(1)))!, say, chosen);
  });
  const notes: Note[] = columns.map((c) => {
    if (c.key === "employees") return EMPLOYEES_NOTE;
    if (c.key === "nationality") return { required: ["新建会员时必填；留空则保留原值", "Required for a new member; empty keeps what is stored"], format: ["一项；中文或英文均可", "One; Chinese or English"], values: listOf(countryRows.map((r): Pair => [r.nameZh, r.nameEn])) };
    if (c.key === "role") return { required: ["新建会员时必填；留空则保留原值", "Required for a new member; empty keeps what is stored"], format: ["一项；不能授予含有您没有的权限的角色", "One; a role holding powers you do not have cannot be given"], values: listOf(roleRows.map((r): Pair => [r.nameZh, r.nameEn])) };
    return propertyNote(byId.get(Number(c.key.slice(1)))!, byId);
  });
  return { columns, example, notes };
}
