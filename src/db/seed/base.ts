// What every installation needs on its first start: powers, roles, countries
// and the usual profile fields. Demo members come from ./demo.ts.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { countries, dashboardSettings, memberConfig, powers, properties, propertyOptions, relations, rolePowers, roles } from "../schema";
import { POWERS, POWER_CODES, type PowerCode } from "../../protocol/powers";
import { MAIL_PATTERN, PHONE_PATTERN } from "../../protocol/identity";
import { COUNTRY_TYPE, PROPERTY_PURPOSE as PP, PROPERTY_TYPE as PT } from "../../protocol/enumerations";

/** Which demo role holds which power (spec: "not shown"; see docs/decisions.md). */
export const ROLE_POWERS: Record<string, { nameZh: string; nameEn: string; powers: PowerCode[]; isDefault?: boolean }> = {
  member: { nameZh: "会员", nameEn: "Member", powers: [], isDefault: true },
  editor: {
    nameZh: "编辑",
    nameEn: "Editor",
    powers: [
      "FUNCTION_ACTIVITY_EDIT",
      "FUNCTION_ACTIVITY_CREATE",
      "FUNCTION_ACTIVITY_MODULE_OPERATION",
      "FUNCTION_ACTIVITY_ORDER",
      "FUNCTION_ACTIVITY_CHECK_IN",
      "FUNCTION_ACTIVITY_LOTTERY",
      "FUNCTION_SURVEY_EDIT",
      "FUNCTION_QUERY_EDIT",
      "FUNCTION_NEWS_EDIT",
    ],
  },
  operator: {
    nameZh: "运营",
    nameEn: "Operator",
    powers: [
      "FUNCTION_SYSTEM_PAGE",
      "FUNCTION_USER_OPERATION_FIND",
      "FUNCTION_USER_OPERATION_CREATE",
      "FUNCTION_USER_OPERATION_INFO",
      "FUNCTION_USER_EXPORT_LIST",
      "FUNCTION_USER_IMPORT_UPDATE",
      "FUNCTION_USER_IMPORT_LEAVE",
      "FUNCTION_INTEGRAL_OPERATION",
      "FUNCTION_PROPERTY_OPERATION_FIND",
      "FUNCTION_PROPERTY_OPERATION_CREATE",
      "FUNCTION_MEMBER_EDIT",
      "FUNCTION_USER_OPERATION_PROPERTY",
      "FUNCTION_USER_OPERATION_STATE",
      "FUNCTION_USER_FIND_FAMILY",
      "FUNCTION_CHAT_OPERATION",
      "FUNCTION_REMINDERS",
      "FUNCTION_USER_APPLICATIONS",
    ],
  },
  administrator: { nameZh: "管理员", nameEn: "Administrator", powers: POWER_CODES },
};

const COUNTRIES: [string, string, number][] = [
  ["中国", "China", COUNTRY_TYPE.COUNTRY_TYPE_CHINESE],
  ["美国", "United States", COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER],
  ["英国", "United Kingdom", COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER],
  ["德国", "Germany", COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER],
  ["法国", "France", COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER],
  ["日本", "Japan", COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER],
  ["韩国", "South Korea", COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER],
  ["新加坡", "Singapore", COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER],
  ["其他", "Other", COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER],
];


/** Property ids by purpose key, for the demo seed. */
export type SeededProperties = Record<"name" | "employees" | "phone" | "mail" | "gender" | "birthday" | "department" | "team" | "ethnic" | "passport", number>;

const RELATIONS: [string, string, string, boolean][] = [
  ["spouse", "配偶", "Spouse", false],
  ["child", "子女", "Child", false],
  ["parent", "父母", "Parent", false],
  ["sibling", "兄弟姐妹", "Sibling", false],
  ["friend", "朋友", "Friend", true],
];

export async function seedBase(
  db: DbOrTx,
  now = new Date(),
): Promise<{ roles: Record<string, number>; properties: SeededProperties; countries: Record<string, number>; options: Record<string, number>; relations: Record<string, number> }> {
  await db.insert(powers).values(POWER_CODES.map((code) => ({ code, nameZh: POWERS[code][0], nameEn: POWERS[code][1] })));

  const roleIds: Record<string, number> = {};
  for (const [code, def] of Object.entries(ROLE_POWERS)) {
    const [row] = await db
      .insert(roles)
      .values({ code, nameZh: def.nameZh, nameEn: def.nameEn, isDefault: def.isDefault ?? false })
      .returning({ id: roles.id });
    roleIds[code] = row!.id;
    if (def.powers.length) await db.insert(rolePowers).values(def.powers.map((power) => ({ roleId: row!.id, power })));
  }

  const countryIds: Record<string, number> = {};
  for (const [i, [nameZh, nameEn, type]] of COUNTRIES.entries()) {
    const [row] = await db.insert(countries).values({ nameZh, nameEn, type, sortIndex: i }).returning({ id: countries.id });
    countryIds[nameEn] = row!.id;
  }

  const add = async (values: typeof properties.$inferInsert) => (await db.insert(properties).values(values).returning({ id: properties.id }))[0]!.id;
  const fixed = { isMust: true, isReadonly: true, isShow: true };
  const ids = {} as SeededProperties;
  ids.name = await add({ titleZh: "姓名", titleEn: "Name", descZh: "请填写姓名", descEn: "Please enter your name", dialogZh: "请填写姓名", dialogEn: "Please enter your name", type: PT.PROPERTY_TYPE_INPUT, purpose: PP.PROPERTY_PURPOSE_NAME, ...fixed, isReadonly: false, isApplication: true, sortIndex: 1 });
  ids.employees = await add({ titleZh: "员工号", titleEn: "Employee ID", descZh: "员工号", descEn: "Employee ID", type: PT.PROPERTY_TYPE_INPUT, purpose: PP.PROPERTY_PURPOSE_EMPLOYEES, ...fixed, sortIndex: 2 });
  ids.phone = await add({ titleZh: "手机号", titleEn: "Mobile phone", descZh: "11位手机号", descEn: "11-digit mobile number", dialogZh: "请填写以1开头的11位手机号", dialogEn: "Please enter an 11-digit mobile number starting with 1", type: PT.PROPERTY_TYPE_INPUT, purpose: PP.PROPERTY_PURPOSE_PHONE, match: PHONE_PATTERN, isActive: true, ...fixed, sortIndex: 3 });
  ids.mail = await add({ titleZh: "公司邮箱", titleEn: "Company e-mail", descZh: "公司邮箱", descEn: "Company e-mail", dialogZh: "请填写正确的邮箱", dialogEn: "Please enter a valid e-mail address", type: PT.PROPERTY_TYPE_INPUT, purpose: PP.PROPERTY_PURPOSE_MAIL, match: MAIL_PATTERN, isActive: true, ...fixed, sortIndex: 4 });
  ids.gender = await add({ titleZh: "性别", titleEn: "Gender", descZh: "请选择性别", descEn: "Please choose your gender", dialogZh: "请选择性别", dialogEn: "Please choose your gender", type: PT.PROPERTY_TYPE_RADIO, purpose: PP.PROPERTY_PURPOSE_OTHER, isMust: true, isApplication: true, sortIndex: 5 });
  ids.birthday = await add({ titleZh: "出生日期", titleEn: "Date of birth", descZh: "请选择出生日期", descEn: "Please choose your date of birth", dialogZh: "请选择出生日期", dialogEn: "Please choose your date of birth", type: PT.PROPERTY_TYPE_DATE, purpose: PP.PROPERTY_PURPOSE_OTHER, isMust: true, sortIndex: 6 });
  ids.department = await add({ titleZh: "部门", titleEn: "Department", descZh: "请选择部门", descEn: "Please choose your department", dialogZh: "请选择部门", dialogEn: "Please choose your department", type: PT.PROPERTY_TYPE_SELECT, purpose: PP.PROPERTY_PURPOSE_OTHER, isMust: true, isApplication: true, sortIndex: 7 });
  ids.team = await add({ titleZh: "科室", titleEn: "Team", descZh: "请选择科室", descEn: "Please choose your team", dialogZh: "请选择科室", dialogEn: "Please choose your team", type: PT.PROPERTY_TYPE_SELECT, purpose: PP.PROPERTY_PURPOSE_OTHER, isMust: true, parentId: ids.department, isApplication: true, sortIndex: 8 });
  ids.ethnic = await add({ titleZh: "民族", titleEn: "Ethnic group", descZh: "仅中国籍会员填写", descEn: "For Chinese nationals only", dialogZh: "请选择民族", dialogEn: "Please choose your ethnic group", type: PT.PROPERTY_TYPE_SELECT, purpose: PP.PROPERTY_PURPOSE_OTHER, isMust: true, isChineseOnly: true, sortIndex: 9 });
  ids.passport = await add({ titleZh: "护照号码", titleEn: "Passport number", descZh: "仅外籍会员填写", descEn: "For foreign nationals only", dialogZh: "请填写护照号码（字母与数字，5-20位）", dialogEn: "Please enter your passport number (5-20 letters and digits)", type: PT.PROPERTY_TYPE_INPUT, purpose: PP.PROPERTY_PURPOSE_OTHER, isMust: true, isForeignerOnly: true, isPrivate: true, match: "^[A-Za-z0-9]{5,20}$", sortIndex: 10 });

  const optionIds: Record<string, number> = {};
  const option = async (propertyId: number, key: string, textZh: string, textEn: string, value: string, index: number, parentKey?: string) => {
    const [row] = await db
      .insert(propertyOptions)
      .values({ propertyId, textZh, textEn, value, sortIndex: index, parentId: parentKey ? optionIds[parentKey] : null })
      .returning({ id: propertyOptions.id });
    optionIds[key] = row!.id;
  };
  await option(ids.gender, "male", "男", "Male", "0", 1);
  await option(ids.gender, "female", "女", "Female", "1", 2);
  await option(ids.department, "rd", "研发部", "Research and Development", "rd", 1);
  await option(ids.department, "ops", "运营部", "Operations", "ops", 2);
  await option(ids.department, "hr", "人力资源部", "Human Resources", "hr", 3);
  await option(ids.team, "rd-platform", "平台组", "Platform", "rd-platform", 1, "rd");
  await option(ids.team, "rd-mobile", "移动组", "Mobile", "rd-mobile", 2, "rd");
  await option(ids.team, "ops-service", "客服组", "Customer Service", "ops-service", 3, "ops");
  await option(ids.team, "ops-logistics", "物流组", "Logistics", "ops-logistics", 4, "ops");
  await option(ids.team, "hr-recruit", "招聘组", "Recruitment", "hr-recruit", 5, "hr");
  await option(ids.team, "hr-benefits", "福利组", "Benefits", "hr-benefits", 6, "hr");
  await option(ids.ethnic, "han", "汉族", "Han", "han", 1);
  await option(ids.ethnic, "hui", "回族", "Hui", "hui", 2);
  await option(ids.ethnic, "man", "满族", "Manchu", "man", 3);
  await option(ids.ethnic, "zhuang", "壮族", "Zhuang", "zhuang", 4);
  await option(ids.ethnic, "other", "其他", "Other", "other", 5);
  // The dashboard reads gender and age from these two fields (docs/decisions.md, "dashboard settings").
  await db.insert(dashboardSettings).values({ id: 1, genderPropertyId: ids.gender, birthdayPropertyId: ids.birthday });

  const relationIds: Record<string, number> = {};
  for (const [i, [code, nameZh, nameEn, birthdayOptional]] of RELATIONS.entries()) {
    const [row] = await db
      .insert(relations)
      .values({ code, nameZh, nameEn, birthdayOptional: birthdayOptional ? 1 : 0, sortIndex: i })
      .returning({ id: relations.id });
    relationIds[code] = row!.id;
  }

  // Dues default: 60.00 a person for this year, billed from 1 January; staff change it (spec 3).
  await db.insert(memberConfig).values({ id: 1, price: 6000, year: now.getFullYear(), month: 1, day: 1, updatedAt: now });

  return { roles: roleIds, properties: ids, countries: countryIds, options: optionIds, relations: relationIds };
}

export async function isSeeded(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, "administrator")).limit(1);
  return rows.length > 0;
}
