// First-start seeding: base data always; demo members unless production,
// where only the first administrator is made.
import { randomInt } from "node:crypto";
import { type Config, DEFAULT_COST, type PasswordCost } from "../../config";
import { hashDigest } from "../../domains/auth/password";
import { FIRST_NOTICE } from "../../domains/privacy/notice";
import { startPolicy } from "../../domains/second-factor/policy";
import { passwordDigest } from "../../protocol/password";
import { ADDRESS_TYPE, POINT_TYPE, USER_STATE } from "../../protocol/enumerations";
import type { Database, DbOrTx } from "../client";
import { addresses, families, pointRecords, privacyConsents, privacyNotices, userValues, users } from "../schema";
import { configuredProviders } from "../../providers";
import type { StorageProvider } from "../../providers/storage";
import { seedDemoActivities, storeDemoFiles } from "./activities";
import { isSeeded, seedBase } from "./base";
import { seedDemoNews, storeDemoNewsFiles } from "./news";
import { seedDemoChat } from "./chat";
import { seedDemoMarket, storeMarketFiles } from "./market";
import { seedDemoHome, storeHomeFiles } from "./home";

export const DEMO_PASSWORD = "Union2026demo";

/** A plain password as the server keeps it: argon2id over the digest the client would send. */
export const hashPassword = (plain: string, cost: PasswordCost = DEFAULT_COST) => hashDigest(passwordDigest(plain), cost);

type DemoUser = {
  employees: string;
  role: string;
  state: number;
  phone: string;
  mail: string;
  nameZh: string;
  country: string;
  extra?: "ethnic" | "passport";
};

export const DEMO_USERS: DemoUser[] = [
  { employees: "cn000001", role: "administrator", state: USER_STATE.USER_STATE_ACTIVE, phone: "13800000001", mail: "cn000001@union.example.com", nameZh: "王管理", country: "China", extra: "ethnic" },
  { employees: "cn000002", role: "editor", state: USER_STATE.USER_STATE_ACTIVE, phone: "13800000002", mail: "cn000002@union.example.com", nameZh: "李编辑", country: "China", extra: "ethnic" },
  { employees: "cn000003", role: "operator", state: USER_STATE.USER_STATE_ACTIVE, phone: "13800000003", mail: "cn000003@union.example.com", nameZh: "张运营", country: "China", extra: "ethnic" },
  { employees: "cn100001", role: "member", state: USER_STATE.USER_STATE_ACTIVE, phone: "13900000001", mail: "cn100001@union.example.com", nameZh: "陈会员", country: "China", extra: "ethnic" },
  { employees: "cn100002", role: "member", state: USER_STATE.USER_STATE_ACTIVE, phone: "13900000002", mail: "cn100002@union.example.com", nameZh: "Emma Smith", country: "United Kingdom", extra: "passport" },
  { employees: "cn100003", role: "member", state: USER_STATE.USER_STATE_REGISTERED, phone: "13900000003", mail: "cn100003@union.example.com", nameZh: "刘新人", country: "China" },
  { employees: "cn100004", role: "member", state: USER_STATE.USER_STATE_LEFT, phone: "13900000004", mail: "cn100004@union.example.com", nameZh: "赵离职", country: "China", extra: "ethnic" },
];

/** A password that meets the 10-20, upper, lower, digit rule. */
export function generatePassword(): string {
  const sets = ["ABCDEFGHJKLMNPQRSTUVWXYZ", "abcdefghijkmnopqrstuvwxyz", "23456789"];
  const all = sets.join("");
  const chars = sets.map((s) => s[randomInt(s.length)]!);
  while (chars.length < 16) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join("");
}

export type SeedReport = { seeded: boolean; demo: boolean; admin?: { account: string; password: string | null } };

export async function seed(database: Database, config: Config, now = new Date(), storage: StorageProvider = configuredProviders(config).storage): Promise<SeedReport> {
  const { db } = database;
  if (await isSeeded(db)) return { seeded: false, demo: false };
  const files = config.seedDemo ? await storeDemoFiles(storage) : null;
  const newsFiles = config.seedDemo ? await storeDemoNewsFiles(storage) : null;
  const marketFiles = config.seedDemo ? await storeMarketFiles(storage) : null;
  const homeFiles = config.seedDemo ? await storeHomeFiles(storage) : null;
  // Hashed before the transaction, and once: every demo member shares the demo password, and
  // one argon2id at a time keeps the first start's memory low (decision 87).
  const generated = config.seedDemo || config.adminPassword ? null : generatePassword();
  const passwordHash = await hashPassword(config.seedDemo ? DEMO_PASSWORD : (config.adminPassword ?? generated!), config.passwords.cost);
  return db.transaction(async (tx) => {
    const base = await seedBase(tx, now);
    await startPolicy({ db: tx }, config.secondFactorGraceDays, now);
    const notice = { version: 1 };
    await tx.insert(privacyNotices).values({ ...notice, ...FIRST_NOTICE, publishedAt: now });
    if (!config.seedDemo) {
      await tx.insert(users).values({
        employees: "admin",
        passwordHash,
        state: USER_STATE.USER_STATE_ACTIVE,
        roleId: base.roles.administrator!,
        createdAt: now,
        updatedAt: now,
      });
      return { seeded: true, demo: false, admin: { account: "admin", password: generated } };
    }
    const p = base.properties;
    const ids: Record<string, number> = {};
    for (const [i, u] of DEMO_USERS.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          employees: u.employees,
          phone: u.phone,
          mail: u.mail,
          passwordHash,
          state: u.state,
          roleId: base.roles[u.role]!,
          nationalityId: base.countries[u.country]!,
          language: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      ids[u.employees] = row!.id;
      const female = i % 2 === 1;
      const dept = ["rd", "ops", "hr"][i % 3]!;
      const team = { rd: "rd-platform", ops: "ops-service", hr: "hr-benefits" }[dept]!;
      const values: (typeof userValues.$inferInsert)[] = [
        { userId: row!.id, propertyId: p.name, value: u.nameZh },
        { userId: row!.id, propertyId: p.employees, value: u.employees },
        { userId: row!.id, propertyId: p.phone, value: u.phone },
        { userId: row!.id, propertyId: p.mail, value: u.mail },
      ];
      if (u.state !== USER_STATE.USER_STATE_REGISTERED) {
        values.push(
          { userId: row!.id, propertyId: p.gender, optionId: base.options[female ? "female" : "male"], value: female ? "1" : "0" },
          { userId: row!.id, propertyId: p.birthday, value: `19${85 + i}-0${(i % 9) + 1}-1${i}` },
          { userId: row!.id, propertyId: p.department, optionId: base.options[dept], value: dept },
          { userId: row!.id, propertyId: p.team, optionId: base.options[team], value: team },
        );
        if (u.extra === "ethnic") values.push({ userId: row!.id, propertyId: p.ethnic, optionId: base.options.han, value: "han" });
        if (u.extra === "passport") values.push({ userId: row!.id, propertyId: p.passport, value: "GB1234567" });
      }
      await tx.insert(userValues).values(values);
      // The demo members activated with the first notice accepted.
      if (u.state === USER_STATE.USER_STATE_ACTIVE) await tx.insert(privacyConsents).values({ userId: row!.id, version: notice.version, acceptedAt: now });
    }
    const child = await seedDemoMember(tx, ids.cn100001!, base.relations, now);
    await seedDemoActivities(tx, now, files!, {
      member: ids.cn100001!,
      foreigner: ids.cn100002!,
      childOfMember: child,
      relations: base.relations,
      departmentProperty: p.department,
      teamProperty: p.team,
    });
    await seedDemoNews(tx, now, newsFiles!, { editor: ids.cn000002!, member: ids.cn100001! });
    await seedDemoChat(tx, now, { member: ids.cn100001!, foreigner: ids.cn100002!, manager: ids.cn000003! });
    await seedDemoMarket(tx, now, marketFiles!, { member: ids.cn100001!, foreigner: ids.cn100002! });
    // Last: the home page's banners lead to the other demo seeds' rows.
    await seedDemoHome(tx, now, homeFiles!, config.site.supportMail);
    return { seeded: true, demo: true };
  });
}

const DAY = 86_400_000;

/** Something to look at in the personal centre of the ordinary Chinese member. */
async function seedDemoMember(tx: DbOrTx, userId: number, relationIds: Record<string, number>, now: Date): Promise<number> {
  await tx.insert(addresses).values({
    userId,
    name: "陈会员",
    phone: "13900000001",
    address0: "11",
    address1: "1101",
    address2: "110101",
    address3: "110101001",
    info: "东华门大街1号院2号楼301室",
    type: ADDRESS_TYPE.ADDRESS_TYPE_EXPRESS,
    isDefault: true,
    createdAt: now,
    updatedAt: now,
  });
  const [child] = await tx.insert(families).values([
    { userId, name: "陈小明", identity: "110101201503070018", idType: 1, relationId: relationIds.child!, sex: 0, phone: null, birthday: "2015-03-07", createdAt: now, updatedAt: now },
    { userId, name: "林芳", identity: "110101198806120022", idType: 1, relationId: relationIds.spouse!, sex: 1, phone: "13911112222", birthday: "1988-06-12", createdAt: now, updatedAt: now },
  ]).returning({ id: families.id });
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  await tx.insert(pointRecords).values([
    { userId, count: 50000, remaining: 45000, type: POINT_TYPE.POINT_TYPE_ENTRY, expiresAt: at(20), descZh: "年度福利积分", descEn: "Annual welfare points", createdAt: at(-200) },
    { userId, count: 20000, remaining: 20000, type: POINT_TYPE.POINT_TYPE_ENTRY, expiresAt: at(300), descZh: "活动奖励积分", descEn: "Activity reward points", createdAt: at(-40) },
    { userId, count: -5000, remaining: 0, type: POINT_TYPE.POINT_TYPE_OUT, expiresAt: null, descZh: "兑换礼品", descEn: "Gift redemption", createdAt: at(-10) },
  ]);
  return child!.id;
}
