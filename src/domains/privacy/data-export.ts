// Everything the union holds about a member, as one workbook they download
// from their security page (issue 31 item 4; PIPL's right to see and copy
// one's personal information): one sheet per kind, in their language.
// `HELD` names every table that holds a member id, with the sheet it goes to
// or why it stays out; tests/api/data-export.test.ts fails when a table with
// a member id is in neither.
import { asc, desc, eq, inArray, or } from "drizzle-orm";
import {
  activities,
  addresses,
  chatMessages,
  chatSessions,
  countries,
  duesOrders,
  families,
  loginLog,
  operationLog,
  orderItems,
  privacyConsents,
  orders,
  payments,
  pointRecords,
  properties,
  relations,
  sessions,
  userValues,
  users,
  visitLog,
  waitlist,
  lotteryEntries,
  cartRows,
} from "../../db/schema";
import { WAITLIST_STATE } from "../../db/schema/waitlist";
import type { Download } from "../../http/kit";
import { typeById } from "../../protocol/types";
import { OPERATION_ACTIONS } from "../../protocol/operation-types";
import type { MemberCtx } from "../context";
import { formAnswers } from "../order/staff-detail";
import { inLanguage } from "../shared/language";
import { chinaTimeText, moneyCell, type Sheet, type SheetCell, writeWorkbook, XLSX_TYPE } from "../shared/sheets/workbook";
import { deviceOf } from "../shared/devices";
import { type ChangedBy, profileChanges } from "./profile-history";
import { profileTexts, type Texts } from "./value-texts";

type Pair = readonly [zh: string, en: string];
const pairOf = (t: Texts): Pair => [t.zh, t.en];

/** A waiting-list entry's state as the member reads it (WAITLIST_STATE). */
const WAITING: Record<number, Pair> = {
  [WAITLIST_STATE.WAITING]: ["排队中", "Waiting"],
  [WAITLIST_STATE.OFFERED]: ["已为您保留名额", "Place held for you"],
  [WAITLIST_STATE.TAKEN]: ["已报名", "Signed up"],
  [WAITLIST_STATE.EXPIRED]: ["保留已过期", "Offer expired"],
  [WAITLIST_STATE.LEFT]: ["已退出", "Left the list"],
  [WAITLIST_STATE.DECLINED]: ["已放弃", "Declined"],
  [WAITLIST_STATE.CLOSED]: ["已结束", "Closed"],
};

/** The workbook's sheets, in order. */
const SHEET = {
  account: ["账户", "Account"],
  profile: ["个人资料", "Profile"],
  history: ["资料修改记录", "Profile changes"],
  family: ["家属", "Family"],
  addresses: ["地址", "Addresses"],
  orders: ["订单", "Orders"],
  payments: ["支付", "Payments"],
  points: ["积分", "Points"],
  dues: ["会费", "Dues"],
  mailbox: ["工会信箱", "Mailbox"],
  waiting: ["候补", "Waiting lists"],
  lotteries: ["抽签", "Lotteries"],
  cart: ["购物车", "Trolley"],
  logins: ["登录记录", "Sign-ins"],
  devices: ["登录设备", "Devices"],
  visits: ["访问记录", "Visits"],
  operations: ["操作记录", "Operations"],
} as const satisfies Record<string, Pair>;

/** Every table holding a member id: the sheet that shows it, or why it is left out (a reason for the reader of the code). */
export const HELD: Record<string, { sheet: Pair } | { leftOut: string }> = {
  users: { sheet: SHEET.account },
  user_values: { sheet: SHEET.profile },
  property_log: { sheet: SHEET.history },
  families: { sheet: SHEET.family },
  addresses: { sheet: SHEET.addresses },
  orders: { sheet: SHEET.orders },
  order_items: { sheet: SHEET.orders },
  payments: { sheet: SHEET.payments },
  point_records: { sheet: SHEET.points },
  dues_orders: { sheet: SHEET.dues },
  chat_sessions: { sheet: SHEET.mailbox },
  chat_messages: { sheet: SHEET.mailbox },
  waitlist: { sheet: SHEET.waiting },
  lottery_entries: { sheet: SHEET.lotteries },
  cart_rows: { sheet: SHEET.cart },
  login_log: { sheet: SHEET.logins },
  sessions: { sheet: SHEET.devices },
  visit_log: { sheet: SHEET.visits },
  operation_log: { sheet: SHEET.operations },
  announcement_reads: { leftOut: "marks of notices read, which only hide a badge" },
  news_reads: { leftOut: "marks of news read, which only hide a badge" },
  calendar_feeds: { leftOut: "the feed's address is a credential; the calendar page shows it to its owner" },
  files: { leftOut: "uploads are listed where they are used (an order's answers, the mailbox); the row holds only who uploaded" },
  import_logs: { leftOut: "an officer's own import logs, not a member's data" },
  outbox: { leftOut: "messages on their way, one-time codes among them; what reached the member is theirs already" },
  quiz_draws: { leftOut: "which questions a quiz drew; the answers given are on the Orders sheet" },
  refunds: { leftOut: "requested_by is the officer who asked; the refund's state is on the Payments sheet" },
  sms_tasks: { leftOut: "created_by is the officer who sent a bulk SMS" },
  staff_jobs: { leftOut: "an officer's background jobs" },
  verification_codes: { leftOut: "one-time codes: credentials, kept minutes" },
  privacy_config: { leftOut: "updated_by is the officer who set how long departed members' data is kept" },
  second_factors: { leftOut: "credentials: an authenticator app's secret, a passkey's public key; the security page lists the factors kept" },
  recovery_codes: { leftOut: "credentials: hashes of single-use recovery codes" },
  privacy_notices: { leftOut: "published_by is the officer who published a version of the privacy notice" },
  privacy_consents: { sheet: SHEET.account },
  membership_applications: { leftOut: "the application to join a member was made from: its answers became the Profile sheet's values; decided_by is the officer" },
  surveys: { leftOut: "created_by is the officer who made a survey" },
  survey_marks: { leftOut: "only that a member answered a survey; an anonymous ballot is nobody's, and a named one is the member's answer to the union" },
  survey_ballots: { leftOut: "a named survey's answers, given to the union for its survey; an anonymous ballot holds no member" },
  reminder_settings: { leftOut: "the reminders chosen, which the reminders page shows its owner" },
  reminders: { leftOut: "which reminders were sent: each message itself reached the member" },
  activity_views: { leftOut: "which activity pages were opened, already on the Visits sheet" },
  security_config: { leftOut: "updated_by is the officer who set the staff's grace for a second factor" },
};

/** Download /user/data/export: the member's own workbook. */
export async function myDataDownload({ ctx }: { ctx: MemberCtx }): Promise<Download> {
  const say = ([zh, en]: Pair) => inLanguage(ctx, zh, en);
  const time = (d: Date | null) => (d ? chinaTimeText(d, true) : "");
  const typeName = (id: number | null) => {
    const type = id === null ? undefined : typeById.get(id);
    return type ? say([type.nameZh, type.nameEn]) : id === null ? "" : String(id);
  };
  const me = ctx.actor.id;
  const rows = await readAll(ctx, me);
  const consents = await ctx.db.select().from(privacyConsents).where(eq(privacyConsents.userId, me)).orderBy(asc(privacyConsents.version));
  const sheets = new Map<Pair, SheetCell[][]>();
  const add = (sheet: Pair, header: Pair[], body: SheetCell[][]) => sheets.set(sheet, [header.map(say), ...body]);

  const u = rows.user;
  add(SHEET.account, [["项目", "Item"], ["内容", "Value"]], [
    [say(["工号", "Employee number"]), u.employees ?? ""],
    [say(["手机", "Phone"]), u.phone ?? ""],
    [say(["邮箱", "E-mail"]), u.mail ?? ""],
    [say(["国籍", "Nationality"]), u.country ? say([u.country.zh, u.country.en]) : ""],
    [say(["状态", "State"]), typeName(u.state)],
    [say(["语言", "Language"]), typeName(u.language)],
    [say(["创建时间", "Created"]), time(u.createdAt)],
    [say(["离职时间", "Left"]), time(u.leftAt)],
    ...consents.map((c) => [`${say(["同意隐私政策", "Privacy notice accepted"])} v${c.version}`, time(c.acceptedAt)]),
  ]);

  const texts = await profileTexts(ctx);
  const propertyName = (id: number) => say(pairOf(texts.title(id)));
  const valueText = (id: number, stored: unknown) => say(pairOf(texts.value(id, stored)));
  add(SHEET.profile, [["项目", "Item"], ["内容", "Value"]], rows.values.map((v) => [propertyName(v.propertyId), valueText(v.propertyId, v.value)]));
  const changedBy = (by: ChangedBy) =>
    by.kind === "self" ? say(["本人", "You"]) : by.kind === "import" ? say(["批量导入", "An import"]) : by.role ? say([by.role.nameZh, by.role.nameEn]) : say(["工会工作人员", "Union staff"]);
  add(SHEET.history, [["时间", "When"], ["项目", "Item"], ["原值", "Before"], ["新值", "After"], ["修改人", "Changed by"]], (await profileChanges(ctx)).map((h) => [
    time(new Date(h.date!)),
    say(pairOf(h.property)),
    say(pairOf(h.before)),
    say(pairOf(h.after)),
    changedBy(h.by),
  ]));
  add(SHEET.family, [["姓名", "Name"], ["关系", "Relation"], ["性别", "Sex"], ["出生日期", "Birthday"], ["证件号码", "ID number"], ["手机", "Phone"]], rows.family.map((f) => [
    f.name,
    f.relation ? say([f.relation.zh, f.relation.en]) : "",
    f.sex === 1 ? say(["女", "Female"]) : say(["男", "Male"]),
    f.birthday ?? "",
    f.identity ?? "",
    f.phone ?? "",
  ]));
  add(SHEET.addresses, [["收件人", "Name"], ["手机", "Phone"], ["地区", "Region"], ["详细地址", "Address"], ["默认", "Default"]], rows.addresses.map((a) => [
    a.name,
    a.phone,
    [a.address0, a.address1, a.address2, a.address3].filter(Boolean).join(" "),
    a.info,
    a.isDefault ? say(["是", "Yes"]) : "",
  ]));
  const answersOf = await formAnswers(ctx, rows.items.map((i) => i.item));
  add(SHEET.orders, [["订单号", "Order"], ["子订单号", "Sub-order"], ["活动", "Activity"], ["状态", "State"], ["金额", "Amount"], ["积分", "Points"], ["下单时间", "Ordered"], ["签到时间", "Checked in"], ["填写内容", "Answers"]], rows.items.map(({ item, order, activity }) => [
    order.trade,
    item.childTrade,
    say([activity.nameZh, activity.nameEn]),
    typeName(item.state),
    moneyCell(order.amount),
    order.points,
    time(item.createdAt),
    time(item.checkedAt),
    answersOf(item).map((a) => `${say([a.titleZh, a.titleEn])}: ${say([a.valueZh, a.valueEn])}`).join("\n"),
  ]));
  add(SHEET.payments, [["支付单号", "Payment"], ["内容", "For"], ["金额", "Amount"], ["状态", "State"], ["创建时间", "Created"], ["支付时间", "Paid"]], rows.payments.map((p) => [p.trade, p.subject, moneyCell(p.amount), typeName(p.state), time(p.createdAt), time(p.paidAt)]));
  add(SHEET.points, [["时间", "When"], ["说明", "Reason"], ["积分", "Points"], ["剩余", "Left"], ["到期", "Expires"]], rows.points.map((p) => [time(p.createdAt), say([p.descZh, p.descEn]), p.count, p.remaining, time(p.expiresAt)]));
  add(SHEET.dues, [["年度", "Year"], ["名称", "Name"], ["金额", "Amount"], ["状态", "State"], ["支付时间", "Paid"]], rows.dues.map((d) => [d.year, say([d.nameZh, d.nameEn]), moneyCell(d.amount), typeName(d.state), time(d.payDate)]));
  add(SHEET.mailbox, [["时间", "When"], ["发送方", "From"], ["内容", "Message"]], rows.messages.map((m) => [time(m.createdAt), m.fromManager ? say(["工会", "The union"]) : say(["本人", "You"]), m.content]));
  add(SHEET.waiting, [["活动", "Activity"], ["状态", "State"], ["排队时间", "Joined"], ["结束时间", "Ended"]], rows.waiting.map((w) => [say([w.nameZh, w.nameEn]), WAITING[w.state] ? say(WAITING[w.state]!) : String(w.state), time(w.createdAt), time(w.endedAt)]));
  add(
    SHEET.lotteries,
    [["活动", "Activity"], ["申请编号", "Application no."], ["申请时间", "Applied"], ["抽签顺位", "Place drawn"]],
    rows.lotteries.map((l) => [say([l.nameZh, l.nameEn]), l.id, time(l.createdAt), l.rank ?? ""]),
  );
  add(SHEET.cart, [["礼品", "Item"], ["数量", "Count"], ["加入时间", "Added"]], rows.cart.map((c) => [say([c.nameZh, c.nameEn]), c.count, time(c.createdAt)]));
  add(SHEET.logins, [["时间", "When"], ["结果", "Outcome"], ["地址", "Address"], ["浏览器", "Browser"]], rows.logins.map((l) => [time(l.createdAt), l.success ? say(["成功", "Signed in"]) : say(["未成功", "Refused"]), l.ip ?? "", l.userAgent ?? ""]));
  add(SHEET.devices, [["登录时间", "Signed in"], ["最近使用", "Last seen"], ["地址", "Address"], ["浏览器", "Browser"], ["系统", "System"]], rows.sessions.map((s) => {
    const device = deviceOf(s.userAgent);
    return [time(s.signedInAt ?? s.createdAt), time(s.seenAt), s.ip ?? "", [device.browser, device.version].filter(Boolean).join(" "), device.system ?? ""];
  }));
  add(SHEET.visits, [["时间", "When"], ["页面", "Page"], ["地址", "Address"]], rows.visits.map((v) => [time(v.createdAt), typeName(v.page), v.ip ?? ""]));
  add(SHEET.operations, [["时间", "When"], ["操作", "Operation"], ["操作人", "By"], ["地址", "Address"]], rows.operations.map((o) => {
    const action = OPERATION_ACTIONS[o.action];
    return [time(o.createdAt), action ? say([action.zh, action.en]) : o.action, o.userId === me ? say(["本人", "You"]) : say(["工会工作人员", "Union staff"]), o.userId === me ? (o.ip ?? "") : ""];
  }));

  const workbook = Object.values(SHEET).map((pair): Sheet => ({ name: say(pair), rows: sheets.get(pair) ?? [[]] }));
  const day = chinaTimeText(ctx.now).slice(0, 10).replaceAll("-", "");
  return { body: writeWorkbook(workbook), type: XLSX_TYPE, filename: `${say(["我的数据", "my-data"])}-${day}.xlsx`, cache: "none" };
}

/** Every row of the member's, table by table. */
async function readAll(ctx: MemberCtx, me: number) {
  const { db } = ctx;
  const [user] = await db
    .select({ employees: users.employees, phone: users.phone, mail: users.mail, state: users.state, language: users.language, createdAt: users.createdAt, leftAt: users.leftAt, country: { zh: countries.nameZh, en: countries.nameEn } })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.nationalityId))
    .where(eq(users.id, me));
  const [values, family, mine, items, pay, points, dues, threads, waiting, lotteries, cart, logins, signedIn, visits, operations] = await Promise.all([
    db.select().from(userValues).where(eq(userValues.userId, me)),
    db
      .select({ name: families.name, sex: families.sex, birthday: families.birthday, identity: families.identity, phone: families.phone, relation: { zh: relations.nameZh, en: relations.nameEn } })
      .from(families)
      .leftJoin(relations, eq(relations.id, families.relationId))
      .where(eq(families.userId, me))
      .orderBy(asc(families.id)),
    db.select().from(addresses).where(eq(addresses.userId, me)).orderBy(asc(addresses.id)),
    db
      .select({ item: orderItems, order: orders, activity: { nameZh: activities.nameZh, nameEn: activities.nameEn } })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(activities, eq(activities.id, orderItems.activityId))
      .where(eq(orderItems.userId, me))
      .orderBy(desc(orderItems.createdAt), desc(orderItems.id)),
    db.select().from(payments).where(eq(payments.userId, me)).orderBy(desc(payments.createdAt)),
    db.select().from(pointRecords).where(eq(pointRecords.userId, me)).orderBy(desc(pointRecords.createdAt), desc(pointRecords.id)),
    db.select().from(duesOrders).where(eq(duesOrders.userId, me)).orderBy(desc(duesOrders.createdAt)),
    db.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.userId, me)),
    db
      .select({ nameZh: activities.nameZh, nameEn: activities.nameEn, state: waitlist.state, createdAt: waitlist.createdAt, endedAt: waitlist.endedAt })
      .from(waitlist)
      .innerJoin(activities, eq(activities.id, waitlist.activityId))
      .where(eq(waitlist.userId, me)),
    db
      .select({ nameZh: activities.nameZh, nameEn: activities.nameEn, id: lotteryEntries.id, createdAt: lotteryEntries.createdAt, rank: lotteryEntries.rank })
      .from(lotteryEntries)
      .innerJoin(activities, eq(activities.id, lotteryEntries.activityId))
      .where(eq(lotteryEntries.userId, me))
      .orderBy(desc(lotteryEntries.createdAt)),
    db
      .select({ nameZh: activities.nameZh, nameEn: activities.nameEn, count: cartRows.count, createdAt: cartRows.createdAt })
      .from(cartRows)
      .innerJoin(activities, eq(activities.id, cartRows.activityId))
      .where(eq(cartRows.userId, me)),
    db.select().from(loginLog).where(eq(loginLog.userId, me)).orderBy(desc(loginLog.createdAt)),
    db.select().from(sessions).where(eq(sessions.userId, me)),
    db.select().from(visitLog).where(eq(visitLog.userId, me)).orderBy(desc(visitLog.createdAt)),
    db.select().from(operationLog).where(or(eq(operationLog.userId, me), eq(operationLog.targetUserId, me))).orderBy(desc(operationLog.createdAt)),
  ]);
  const messages = threads.length
    ? await db.select().from(chatMessages).where(inArray(chatMessages.sessionId, threads.map((s) => s.id))).orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    : [];
  return { user: user!, values, family, addresses: mine, items, payments: pay, points, dues, messages, waiting, lotteries, cart, logins, sessions: signedIn, visits, operations };
}
