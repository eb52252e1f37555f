// Demo activities: a module of this year and one of last year with an
// activity for every feature of the sign-up flow, so a new installation
// shows what the portal does and browser journeys have something to sign up
// for. Times are relative to the seeding moment. The demo member cn100001
// gets orders in several states, written the way a sign-up writes them
// (places taken by the same conditional updates).
import { filePath } from "../../domains/file/service";
import { takeAll } from "../../domains/signup";
import {
  ACTIVITY_STATE,
  COMPARE_MODE,
  CONDITION_TYPE,
  MODULE_MODEL,
  ORDER_STATE,
  PAY_STATE,
  PROPERTY_TYPE as PT,
  QUIZ_DISPLAY,
  SEND_STATE,
} from "../../protocol/enumerations";
import type { StorageProvider } from "../../providers/storage";
import { storageKeyOf } from "../../providers/storage";
import type { DbOrTx } from "../client";
import {
  activities,
  activityProperties,
  conditions,
  gifts,
  modules,
  orderFamilies,
  orderItems,
  orders,
  parcels,
  payments,
  questionBanks,
  questionOptions,
  questionnaireItems,
  questionnaires,
  questions,
  relationshipRules,
  ruleGifts,
  tagActivities,
  tagGroups,
  tags,
  teams,
} from "../schema";
import { drawCover } from "./covers";
import videoFile from "../../../assets/demo/activity-video.webm" with { type: "file" };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Two colours per cover (top left, bottom right). */
const COVERS = {
  module: ["#c8102e", "#f28c28"],
  lastYear: ["#5b6770", "#9aa5ad"],
  reading: ["#1f6f5c", "#7cc4a4"],
  badminton: ["#1d4e89", "#58a4d8"],
  quiz: ["#7a2e8e", "#d38fd9"],
  fair: ["#e4572e", "#ffc857"],
  walk: ["#2e7d32", "#a5d6a7"],
  gym: ["#37474f", "#90a4ae"],
  concert: ["#4a148c", "#ce93d8"],
  painting: ["#00796b", "#80cbc4"],
  film: ["#263238", "#ff7043"],
  mooncake: ["#b8860b", "#ffe082"],
  salon: ["#0d47a1", "#4fc3f7"],
  spring: ["#ad1457", "#f8bbd0"],
} as const satisfies Record<string, readonly [string, string]>;

type CoverName = keyof typeof COVERS;

// Drawing is the slow part of seeding (tests seed once per file): once per process.
let drawn: { name: CoverName; png: Uint8Array; key: string }[] | null = null;

export type DemoFiles = { covers: Record<CoverName, string>; video: string };

/** Stores the covers and the video (before the seeding transaction: storage may be remote): their addresses and key. */
export async function storeDemoFiles(storage: StorageProvider): Promise<DemoFiles> {
  drawn ??= (Object.entries(COVERS) as [CoverName, readonly [string, string]][]).map(([name, [from, to]]) => {
    const png = drawCover(from, to);
    return { name, png, key: storageKeyOf(png, "png") };
  });
  const out = {} as Record<CoverName, string>;
  for (const { name, png, key } of drawn) {
    await storage.put(key, png, "image/png");
    out[name] = filePath(key);
  }
  // Made by scripts/make-demo-video.ts; kept under its key like an uploaded video, played through /video/info.
  const video = await Bun.file(videoFile).bytes();
  const videoKey = storageKeyOf(video, "webm");
  await storage.put(videoKey, video, "video/webm");
  return { covers: out, video: videoKey };
}

const rich = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("");

export type DemoPeople = {
  member: number;
  foreigner: number;
  childOfMember: number;
  relations: Record<string, number>;
  departmentProperty: number;
  teamProperty: number;
};

export async function seedDemoActivities(tx: DbOrTx, now: Date, { covers, video }: DemoFiles, people: DemoPeople) {
  const at = (days: number, hour = 0) => new Date(now.getTime() + days * DAY + hour * HOUR);
  // A time of day in China time, `days` from today's (China) date: when an activity takes place.
  const chinaMidnight = Math.floor((now.getTime() + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
  const china = (days: number, hours: number) => new Date(chinaMidnight + days * DAY + hours * HOUR);
  const takesPlace = (days: number, from: number, to: number, placeZh: string, placeEn: string) => ({ eventStart: china(days, from), eventEnd: china(days, to), placeZh, placeEn });
  const year = now.getUTCFullYear();
  const [thisYear] = await tx
    .insert(modules)
    .values({ nameZh: `${year}年工会活动`, nameEn: `${year} union activities`, year, model: MODULE_MODEL.MODULE_MODEL_ACTIVITY, face: covers.module, createdAt: at(-60) })
    .returning({ id: modules.id });
  const [lastYear] = await tx
    .insert(modules)
    .values({ nameZh: `${year - 1}年工会活动`, nameEn: `${year - 1} union activities`, year: year - 1, model: MODULE_MODEL.MODULE_MODEL_ACTIVITY, face: covers.lastYear, createdAt: at(-400) })
    .returning({ id: modules.id });

  const base = { state: ACTIVITY_STATE.ACTIVITY_STATE_NORMAL, signStart: at(-3), signEnd: at(30), createdAt: at(-10), updatedAt: at(-10) };
  // The quota shown is the quota enforced unless an activity says otherwise.
  const add = async (values: Omit<typeof activities.$inferInsert, "createdAt" | "updatedAt" | "state"> & Partial<typeof activities.$inferInsert>) =>
    (await tx.insert(activities).values({ ...base, displayStock: values.cap ?? null, ...values }).returning())[0]!;

  // Free, open to all, with a questionless form: the simplest sign-up.
  const reading = await add({
    moduleId: thisYear!.id,
    nameZh: "午间读书分享会",
    nameEn: "Lunchtime book club",
    face: covers.reading,
    videoId: video,
    cap: 40,
    allowCancel: true,
    ...takesPlace(7, 12.5, 13.5, "总部大楼三楼图书角", "Reading corner, 3rd floor, head office"),
    contentZh: rich("每月最后一个周四中午12:30，在三楼图书角，一起分享最近读过的好书。", "现场提供简餐，欢迎带上你最喜欢的一本书。"),
    contentEn: rich("On the last Thursday of each month at 12:30, in the third-floor reading corner: share a book you have enjoyed.", "A light lunch is provided. Bring your favourite book."),
  });

  // Paid, with points taken off the price when the member chooses.
  await add({
    moduleId: thisYear!.id,
    nameZh: "羽毛球馆季卡",
    nameEn: "Badminton hall season pass",
    face: covers.badminton,
    cap: 30,
    price: 19900,
    integral: 5000,
    deduction: 3000,
    allowCancel: true,
    contentZh: rich("全季度不限次数使用园区羽毛球馆。可使用50.00积分抵扣30.00元。"),
    contentEn: rich("Unlimited use of the campus badminton hall for one quarter. 50.00 points take 30.00 off the price."),
  });

  // A scored, timed, random quiz with a pass line and the answers shown after.
  const quiz = await add({
    moduleId: thisYear!.id,
    nameZh: "安全生产知识竞赛",
    nameEn: "Workplace safety quiz",
    face: covers.quiz,
    cap: 200,
    contentZh: rich("随机抽取3道题，计时作答，60分及格。及格即可报名参加决赛。"),
    contentEn: rich("Three questions drawn at random, timed; 60 points pass. Pass to enter the final."),
  });
  await seedQuiz(tx, quiz.id, now);

  // Family members by relationship rules, with gifts of their own stock.
  const fair = await add({
    moduleId: thisYear!.id,
    nameZh: "六一亲子游园会",
    nameEn: "Children's Day family fair",
    face: covers.fair,
    cap: 120,
    familyNotice: true,
    allowCancel: true,
    contentZh: rich("带上孩子一起来游园！每位孩子可选一份礼品。配偶可同行，不占名额。"),
    contentEn: rich("Bring your children to the fair! Each child chooses a gift. A spouse may come along without taking a place."),
  });
  const [childRule] = await tx
    .insert(relationshipRules)
    .values({ activityId: fair.id, relationId: people.relations.child!, birthFrom: `${year - 14}-01-01`, birthTo: `${year - 3}-12-31`, allowMin: 1, allowMax: 2, calCount: true, sortIndex: 1 })
    .returning({ id: relationshipRules.id });
  await tx.insert(relationshipRules).values({ activityId: fair.id, relationId: people.relations.spouse!, allowMin: 0, allowMax: 1, calCount: false, sortIndex: 2 });
  const giftRows = await tx
    .insert(gifts)
    .values([
      { nameZh: "积木套装", nameEn: "Building blocks set", cap: 60 },
      { nameZh: "绘本礼盒", nameEn: "Picture book box", cap: 60 },
      { nameZh: "遥控赛车", nameEn: "Remote-control car", cap: 0 },
    ])
    .returning({ id: gifts.id });
  await tx.insert(ruleGifts).values(giftRows.map((g) => ({ ruleId: childRule!.id, giftId: g.id })));

  // A team with a shared quota whose two tag groups narrow to one activity each.
  const [walkTeam] = await tx
    .insert(teams)
    .values({ moduleId: thisYear!.id, nameZh: "春季健步走", nameEn: "Spring walk", face: covers.walk, cap: 200, showStock: 200, signOnly: true, beforeCheckTag: true, sortIndex: 10 })
    .returning({ id: teams.id });
  const [route, session] = await tx
    .insert(tagGroups)
    .values([
      { teamId: walkTeam!.id, nameZh: "路线", nameEn: "Route", sortIndex: 1 },
      { teamId: walkTeam!.id, nameZh: "场次", nameEn: "Session", sortIndex: 2 },
    ])
    .returning({ id: tagGroups.id });
  const tagRows = await tx
    .insert(tags)
    .values([
      { groupId: route!.id, nameZh: "滨湖线", nameEn: "Lakeside", sortIndex: 1 },
      { groupId: route!.id, nameZh: "森林线", nameEn: "Forest", sortIndex: 2 },
      { groupId: session!.id, nameZh: "上午场", nameEn: "Morning", sortIndex: 1 },
      { groupId: session!.id, nameZh: "下午场", nameEn: "Afternoon", sortIndex: 2 },
    ])
    .returning({ id: tags.id });
  const [lakeside, forest, morning, afternoon] = tagRows.map((t) => t.id);
  for (const [routeTag, sessionTag, zh, en] of [
    [lakeside, morning, "滨湖线 · 上午场", "Lakeside, morning"],
    [lakeside, afternoon, "滨湖线 · 下午场", "Lakeside, afternoon"],
    [forest, morning, "森林线 · 上午场", "Forest, morning"],
    [forest, afternoon, "森林线 · 下午场", "Forest, afternoon"],
  ] as const) {
    const walk = await add({
      moduleId: thisYear!.id,
      teamId: walkTeam!.id,
      nameZh: `春季健步走（${zh}）`,
      nameEn: `Spring walk (${en})`,
      face: covers.walk,
      cap: 60,
      allowCancel: true,
      contentZh: rich("5公里健步走，终点有补给和纪念奖牌。先选路线，再选场次。"),
      contentEn: rich("A 5 km walk with refreshments and a medal at the finish. Choose a route, then a session."),
    });
    await tx.insert(tagActivities).values([
      { tagId: routeTag!, activityId: walk.id },
      { tagId: sessionTag!, activityId: walk.id },
    ]);
  }

  // A fresh quota every day from 8:00 (China time).
  await add({
    moduleId: thisYear!.id,
    nameZh: "健身房每日预约",
    nameEn: "Gym: daily booking",
    face: covers.gym,
    hasCycle: true,
    cycleDate: 1,
    cycleStart: 8,
    cycleCount: 20,
    displayStock: 20,
    allowCancel: true,
    contentZh: rich("每天8:00开放当天名额，每人每天限约一次。"),
    contentEn: rich("Each day's places open at 8:00; one booking per member per day."),
  });

  // Full: its last place is taken by another member below.
  const concert = await add({
    moduleId: thisYear!.id,
    nameZh: "新春音乐会门票",
    nameEn: "New Year concert tickets",
    face: covers.concert,
    cap: 1,
    hasTicket: true,
    ...takesPlace(35, 19.5, 21.5, "市音乐厅", "City Concert Hall"),
    contentZh: rich("交响乐团新春专场，名额已满。"),
    contentEn: rich("The orchestra's New Year concert. All places are taken."),
  });

  // Not started yet.
  await add({
    moduleId: thisYear!.id,
    nameZh: "职工书画展报名",
    nameEn: "Staff art exhibition entries",
    face: covers.painting,
    signStart: at(10),
    signEnd: at(40),
    cap: 50,
    contentZh: rich("投稿书法、国画、油画作品，报名十天后开始。"),
    contentEn: rich("Submit calligraphy, ink or oil paintings. Entries open in ten days."),
  });

  // Ended.
  await add({
    moduleId: thisYear!.id,
    nameZh: "春日踏青摄影赛",
    nameEn: "Spring photo contest",
    face: covers.spring,
    signStart: at(-30),
    signEnd: at(-2),
    cap: 100,
    contentZh: rich("报名已结束，获奖作品将在新闻中公布。"),
    contentEn: rich("Entries have closed; the winners will be announced in the news."),
  });

  // A ticket checked at the door.
  const film = await add({
    moduleId: thisYear!.id,
    nameZh: "周五电影夜",
    nameEn: "Friday film night",
    face: covers.film,
    cap: 80,
    hasTicket: true,
    allowCancel: true,
    allowCancelDate: at(20),
    ...takesPlace(22, 19, 21, "工会活动中心多功能厅", "Multi-purpose hall, union centre"),
    contentZh: rich("报名后凭电子票入场，请在入口出示二维码。"),
    contentEn: rich("Show your e-ticket's QR code at the door."),
  });

  // Delivered to an address, with courier records.
  const mooncake = await add({
    moduleId: thisYear!.id,
    nameZh: "中秋月饼礼盒",
    nameEn: "Mid-Autumn mooncake box",
    face: covers.mooncake,
    cap: 500,
    hasAddress: true,
    hasExpress: true,
    allowUpdateAddress: true,
    contentZh: rich("每位会员一份，快递到家。发货前可修改收货地址。"),
    contentEn: rich("One box per member, delivered to your door. You may change the address until it is sent."),
  });

  // Only for the research and development department (a condition on a profile field).
  const salon = await add({
    moduleId: thisYear!.id,
    nameZh: "研发技术沙龙",
    nameEn: "R&D tech salon",
    face: covers.salon,
    cap: 60,
    allowCancel: true,
    ...takesPlace(14, 14, 16, "研发中心B座报告厅", "Lecture hall, building B, R&D centre"),
    contentZh: rich("仅限研发部会员报名。本期主题：大模型在日常工作中的应用。"),
    contentEn: rich("For members of Research and Development. This time: large language models at work."),
  });
  await tx.insert(conditions).values({ activityId: salon.id, type: CONDITION_TYPE.CONDITION_TYPE_SIGN, propertyId: people.departmentProperty, compareMode: COMPARE_MODE.COMPARE_IN, value: "rd" });
  // Its form asks the member's department (as it is) and team.
  await tx.insert(activityProperties).values([
    { activityId: salon.id, propertyId: people.departmentProperty, isReadonly: true, isMust: true, sortIndex: 1 },
    { activityId: salon.id, propertyId: people.teamProperty, isReadonly: false, isMust: true, sortIndex: 2 },
  ]);

  // A draft in preview for the editors to work on: members never see it, and the editors' preview-only
  // tools (team, questionnaire, conditions) have something to open before anything is published.
  await add({
    moduleId: thisYear!.id,
    state: ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW,
    nameZh: "职工羽毛球赛（筹备中）",
    nameEn: "Staff badminton tournament (in preparation)",
    face: covers.badminton,
    signStart: at(20),
    signEnd: at(40),
    cap: 64,
    contentZh: rich("筹备中的活动：编辑可以在这里试用活动编辑工具，发布前会员看不到。"),
    contentEn: rich("An activity in preparation: editors can try the editing tools here; members see it only once it is published."),
  });

  // Last year's module: closed activities the member took part in.
  const lastYearParty = await add({
    moduleId: lastYear!.id,
    nameZh: "年终联欢会",
    nameEn: "Year-end party",
    face: covers.lastYear,
    signStart: at(-330),
    signEnd: at(-300),
    cap: 300,
    hasTicket: true,
    ...takesPlace(-290, 18, 21, "国际会议中心宴会厅", "Banquet hall, International Convention Centre"),
    contentZh: rich("去年的年终联欢会。"),
    contentEn: rich("Last year's year-end party."),
  });
  const lastYearTrip = await add({
    moduleId: lastYear!.id,
    nameZh: "秋季亲子研学",
    nameEn: "Autumn family study trip",
    face: covers.fair,
    signStart: at(-320),
    signEnd: at(-290),
    cap: 40,
    price: 8800,
    allowCancel: true,
    contentZh: rich("去年秋季的亲子研学活动。"),
    contentEn: rich("Last autumn's family study trip."),
  });
  const [tripRule] = await tx
    .insert(relationshipRules)
    .values({ activityId: lastYearTrip.id, relationId: people.relations.child!, allowMin: 1, allowMax: 1, calCount: true })
    .returning({ id: relationshipRules.id });

  // Orders, as a sign-up writes them.
  const order = async (o: {
    userId: number;
    activity: typeof activities.$inferSelect;
    state: number;
    createdAt: Date;
    sendState?: number;
    amount?: number;
    address?: boolean;
    checkedAt?: Date | null;
    family?: { giftId: number | null; ruleId: number };
  }) => {
    const places = 1 + (o.family ? 1 : 0);
    if (o.state !== ORDER_STATE.ORDER_STATE_CANCEL) {
      const full = (await takeAll({ db: tx }, [{ activityId: o.activity.id, teamId: null, places, cycle: null, options: [], gifts: o.family?.giftId ? [o.family.giftId] : [] }]))?.code ?? null;
      if (full) throw new Error(`demo seed: ${o.activity.nameEn} is ${full}`);
    }
    const trade = `A${o.createdAt.getTime()}${o.userId}${o.activity.id}`;
    const amount = o.amount ?? 0;
    const [row] = await tx
      .insert(orders)
      .values({
        trade,
        userId: o.userId,
        state: o.state,
        sendState: o.sendState ?? SEND_STATE.SEND_STATE_WAIT,
        price: amount,
        amount,
        ...(o.address
          ? { liaison: "陈会员", phone: "13900000001", address0: "11", address1: "1101", address2: "110101", address3: "110101001", addressInfo: "东华门大街1号院2号楼301室" }
          : {}),
        createdAt: o.createdAt,
        updatedAt: o.createdAt,
        payDate: o.state === ORDER_STATE.ORDER_STATE_CANCEL ? null : o.createdAt,
      })
      .returning({ id: orders.id });
    const [item] = await tx
      .insert(orderItems)
      .values({ orderId: row!.id, childTrade: `${trade}-1`, userId: o.userId, activityId: o.activity.id, seq: 1, places, state: o.state, checkedAt: o.checkedAt ?? null, createdAt: o.createdAt, takes: { options: [], gifts: o.family?.giftId ? [o.family.giftId] : [] } })
      .returning({ id: orderItems.id });
    if (o.family)
      await tx.insert(orderFamilies).values({
        itemId: item!.id,
        activityId: o.activity.id,
        familyId: people.childOfMember,
        ruleId: o.family.ruleId,
        giftId: o.family.giftId,
        name: "陈小明",
        identity: "110101201503070018",
        idType: 1,
        relationId: people.relations.child!,
        sex: 0,
        birthday: "2015-03-07",
        counted: true,
        state: o.state,
      });
    if (amount > 0)
      await tx.insert(payments).values({
        trade,
        provider: "sandbox",
        kind: "order",
        refId: row!.id,
        userId: o.userId,
        subject: `${o.activity.nameZh} / ${o.activity.nameEn}`,
        amount,
        state: o.state === ORDER_STATE.ORDER_STATE_CANCEL ? PAY_STATE.PAY_STATE_CLOSED : PAY_STATE.PAY_STATE_SUCCESS,
        createdAt: o.createdAt,
        expiresAt: new Date(o.createdAt.getTime() + 5 * 60_000),
        paidAt: o.state === ORDER_STATE.ORDER_STATE_CANCEL ? null : o.createdAt,
      });
    return row!.id;
  };

  const me = people.member;
  await order({ userId: people.foreigner, activity: concert, state: ORDER_STATE.ORDER_STATE_SUCCESS, createdAt: at(-2) });
  await order({ userId: me, activity: film, state: ORDER_STATE.ORDER_STATE_SUCCESS, createdAt: at(-1, -3) });
  const sent = await order({ userId: me, activity: mooncake, state: ORDER_STATE.ORDER_STATE_SUCCESS, sendState: SEND_STATE.SEND_STATE_SENT, address: true, createdAt: at(-2, -5) });
  await tx.insert(parcels).values({
    orderId: sent,
    number: "SF1402938475610",
    company: "顺丰速运 SF Express",
    site: "北京东城营业部",
    phone: "95338",
    state: 501,
    trail: [
      { time: at(-1, -2).toISOString(), text: "快件已到达北京转运中心 / Arrived at the Beijing hub" },
      { time: at(-1, -9).toISOString(), text: "顺丰速运已收取快件 / Collected by SF Express" },
    ],
    takeTime: at(-1, -9),
    updatedAt: at(-1, -2),
  });
  await order({ userId: me, activity: lastYearParty, state: ORDER_STATE.ORDER_STATE_SUCCESS, createdAt: at(-320), checkedAt: at(-300) });
  await order({ userId: me, activity: lastYearTrip, state: ORDER_STATE.ORDER_STATE_SUCCESS, amount: 8800, createdAt: at(-310), family: { ruleId: tripRule!.id, giftId: null } });
  await order({ userId: me, activity: reading, state: ORDER_STATE.ORDER_STATE_CANCEL, createdAt: at(-2, -1) });
  return { thisYear: thisYear!.id, lastYear: lastYear!.id };
}

/** Five questions, three drawn at random by weight, 40 points each, 60 to pass. */
async function seedQuiz(tx: DbOrTx, activityId: number, now: Date) {
  const [bank] = await tx.insert(questionBanks).values({ name: "安全生产题库 / Workplace safety", createdAt: now }).returning({ id: questionBanks.id });
  await tx
    .insert(questionnaires)
    .values({ activityId, bankId: bank!.id, display: QUIZ_DISPLAY.QUIZ_DISPLAY_FRAME, isTiming: true, isRandom: true, count: 3, isScoring: true, passLine: 60, showIndex: true, showAnswer: true });
  const bankQuestions: { zh: string; en: string; options: [string, string, string][]; answer: string; type?: number }[] = [
    { zh: "发现火情，首先应当？", en: "You discover a fire. What do you do first?", options: [["a", "拨打119并报告", "Call 119 and raise the alarm"], ["b", "先收拾个人物品", "Pack your belongings"], ["c", "乘电梯离开", "Take the lift"]], answer: "a" },
    { zh: "灭火器压力表指针在哪个区域表示正常？", en: "Where should a fire extinguisher's gauge needle be?", options: [["a", "红色区域", "In the red"], ["b", "绿色区域", "In the green"], ["c", "黄色区域", "In the yellow"]], answer: "b" },
    { zh: "以下哪些是安全出口的正确做法？（多选）", en: "Which are right for emergency exits? (choose all)", options: [["a", "保持畅通", "Keep them clear"], ["b", "标志常亮", "Keep the signs lit"], ["c", "堆放杂物", "Store boxes there"]], answer: "a,b", type: PT.PROPERTY_TYPE_CHECKBOX },
    { zh: "触电急救时，第一步应当？", en: "Someone has an electric shock. The first step?", options: [["a", "直接用手拉开", "Pull them away by hand"], ["b", "切断电源", "Cut the power"], ["c", "泼水", "Pour water"]], answer: "b" },
    { zh: "办公室内可以使用大功率电器吗？", en: "May high-power appliances be used in the office?", options: [["a", "可以", "Yes"], ["b", "不可以", "No"]], answer: "b" },
  ];
  for (const [i, q] of bankQuestions.entries()) {
    const [row] = await tx
      .insert(questions)
      .values({ bankId: bank!.id, type: q.type ?? PT.PROPERTY_TYPE_RADIO, titleZh: q.zh, titleEn: q.en, dialogZh: "请选择答案", dialogEn: "Please choose an answer", isMust: true, sortIndex: i })
      .returning({ id: questions.id });
    await tx.insert(questionOptions).values(q.options.map(([value, zh, en], k) => ({ questionId: row!.id, value, textZh: zh, textEn: en, sortIndex: k })));
    await tx.insert(questionnaireItems).values({ activityId, questionId: row!.id, score: 40, answer: q.answer, weight: 60, sortIndex: i });
  }
}
