// Demo news and notices in both languages: news with drawn covers (one
// pinned, one with an image inside its text), notices of the past weeks, one
// of them already read by the demo member. Dates are days before the seeding
// moment, so lists seeded at the tests' fixed start are always the same.
import { filePath } from "../../domains/file/service";
import { NEWS_TYPE } from "../../protocol/enumerations";
import type { StorageProvider } from "../../providers/storage";
import { storageKeyOf } from "../../providers/storage";
import type { DbOrTx } from "../client";
import { files, news, newsReads } from "../schema";
import { drawCover } from "./covers";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Covers (top left, bottom right) and the picture inside one article. */
const IMAGES = {
  congress: ["#c8102e", "#f6a04d"],
  sports: ["#1d4e89", "#6fb3e0"],
  library: ["#1f6f5c", "#8fd0b2"],
  volunteer: ["#7a2e8e", "#e0a3e6"],
  gallery: ["#b8860b", "#ffe29a"],
} as const satisfies Record<string, readonly [string, string]>;

type ImageName = keyof typeof IMAGES;
export type DemoNewsFiles = Record<ImageName, { path: string; key: string; size: number }>;

// Drawing is the slow part: once per process (tests seed once per file).
let drawn: { name: ImageName; png: Uint8Array; key: string }[] | null = null;

/** Stores the pictures (before the seeding transaction: storage may be remote). */
export async function storeDemoNewsFiles(storage: StorageProvider): Promise<DemoNewsFiles> {
  drawn ??= (Object.entries(IMAGES) as [ImageName, readonly [string, string]][]).map(([name, [from, to]]) => {
    const png = name === "gallery" ? drawCover(from, to, 600, 300) : drawCover(from, to, 640, 400);
    return { name, png, key: storageKeyOf(png, "png") };
  });
  const out = {} as DemoNewsFiles;
  for (const { name, png, key } of drawn) {
    await storage.put(key, png, "image/png");
    out[name] = { path: filePath(key), key, size: png.length };
  }
  return out;
}

const rich = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("");

type Item = {
  type: number;
  nameZh: string;
  nameEn: string;
  contentZh: string;
  contentEn: string;
  face?: ImageName;
  isTop?: boolean;
  /** Days (and hours) before the seeding moment. */
  daysAgo: number;
  hour?: number;
};

function items(images: DemoNewsFiles): Item[] {
  const N = NEWS_TYPE.NEWS_TYPE_NEWS;
  const T = NEWS_TYPE.NEWS_TYPE_NOTICE;
  const gallery = `<p><img src="${images.gallery.path}" alt=""></p>`;
  return [
    {
      type: N,
      nameZh: "公司第五届职工代表大会胜利召开",
      nameEn: "The Fifth Workers' Congress opens",
      contentZh: rich(
        "公司第五届职工代表大会于本周召开，来自各部门的<strong>120名</strong>职工代表出席会议。",
        "大会审议通过了工会工作报告和职工福利方案，并选举产生了新一届工会委员会。",
      ),
      contentEn: rich(
        "The company's Fifth Workers' Congress met this week, attended by <strong>120</strong> representatives from every department.",
        "The congress approved the union's work report and the staff welfare plan, and elected the new union committee.",
      ),
      face: "congress",
      isTop: true,
      daysAgo: 20,
      hour: 2,
    },
    {
      type: N,
      nameZh: "春季职工运动会圆满落幕",
      nameEn: "Spring staff games come to a close",
      contentZh:
        rich("为期两天的春季职工运动会圆满落幕，共有16支队伍参加了羽毛球、拔河和接力跑等比赛。") +
        gallery +
        rich("感谢每一位参赛者和志愿者，期待明年再会！"),
      contentEn:
        rich("The two-day spring staff games are over: 16 teams took part in badminton, tug of war and relay races.") +
        gallery +
        rich("Thanks to every player and volunteer. See you next year!"),
      face: "sports",
      daysAgo: 6,
      hour: 5,
    },
    {
      type: N,
      nameZh: "职工书屋新增图书三百册",
      nameEn: "Three hundred new books in the staff library",
      contentZh: rich("职工书屋本月新增图书三百册，涵盖文学、历史、科技和育儿等类别。", "开放时间：工作日 12:00-13:30。"),
      contentEn: rich("The staff library has added three hundred books this month: fiction, history, science and parenting.", "Opening hours: weekdays 12:00-13:30."),
      face: "library",
      daysAgo: 11,
      hour: 3,
    },
    {
      type: N,
      nameZh: "工会志愿者走进社区开展义诊",
      nameEn: "Union volunteers run a free clinic in the community",
      contentZh: rich("上周六，二十余名工会志愿者走进周边社区，为老人提供义诊和健康咨询服务。"),
      contentEn: rich("Last Saturday more than twenty union volunteers ran a free clinic and health advice for older neighbours."),
      face: "volunteer",
      daysAgo: 15,
      hour: 4,
    },
    {
      type: N,
      nameZh: "工会年度工作总结发布",
      nameEn: "The union's annual report is out",
      contentZh: rich("工会年度工作总结已经发布，回顾了过去一年在职工关爱、文体活动和权益保障方面的工作。"),
      contentEn: rich("The union's annual report reviews last year's work on staff care, culture and sports, and members' rights."),
      daysAgo: 30,
      hour: 6,
    },
    {
      type: N,
      nameZh: "新春慰问活动走访一线班组",
      nameEn: "New Year visits to front-line teams",
      contentZh: rich("新春佳节前夕，工会负责人走访了各一线班组，为坚守岗位的职工送上节日慰问。"),
      contentEn: rich("Before the Spring Festival the union's leaders visited front-line teams with holiday greetings for those on duty."),
      daysAgo: 40,
      hour: 2,
    },
    {
      type: T,
      nameZh: "关于2026年度工会会费缴纳的通知",
      nameEn: "Notice on paying the 2026 union dues",
      contentZh: rich("各位会员：2026年度工会会费现已开放缴纳，请于3月31日前在个人中心完成缴费。", "如有疑问，请联系所在部门的工会小组长。"),
      contentEn: rich("Dear members: the 2026 union dues can now be paid. Please pay in the personal centre by 31 March.", "Questions? Ask your department's union group leader."),
      daysAgo: 1,
      hour: 1,
    },
    {
      type: T,
      nameZh: "春季职工运动会报名通知",
      nameEn: "Sign up for the spring staff games",
      contentZh: rich("春季职工运动会报名开始啦！项目包括羽毛球、拔河、接力跑，请在活动页面报名。"),
      contentEn: rich("Sign-up for the spring staff games is open: badminton, tug of war and relay races. Sign up on the activities page."),
      daysAgo: 3,
      hour: 2,
    },
    {
      type: T,
      nameZh: "职工体检安排的通知",
      nameEn: "Staff health check schedule",
      contentZh: rich("本年度职工体检将于下月分批进行，具体时间请留意部门通知。体检前一天请勿饮酒。"),
      contentEn: rich("This year's health checks take place next month in groups; your department will tell you when. No alcohol the day before."),
      daysAgo: 5,
      hour: 3,
    },
    {
      type: T,
      nameZh: "工会信箱回复时间说明",
      nameEn: "When the union mailbox answers",
      contentZh: rich("工会信箱并非实时回复，工作人员会在三个工作日内答复。有新回复时，首页会显示提示图标。"),
      contentEn: rich("The union mailbox is not a live chat: staff answer within three working days. A mark on the home page shows a new reply."),
      daysAgo: 8,
      hour: 4,
    },
    {
      type: T,
      nameZh: "元宵节礼品领取通知",
      nameEn: "Collect your Lantern Festival gift",
      contentZh: rich("元宵节礼品已到，请各位会员凭工号到工会办公室领取，领取截止日期为本月底。"),
      contentEn: rich("The Lantern Festival gifts have arrived. Collect yours at the union office with your employee number by the end of the month."),
      daysAgo: 12,
      hour: 2,
    },
    {
      type: T,
      nameZh: "系统维护通知",
      nameEn: "Planned maintenance",
      contentZh: rich("会员服务平台将于周日凌晨2:00-4:00进行系统维护，届时暂停服务，给您带来不便敬请谅解。"),
      contentEn: rich("The member portal will be down for maintenance on Sunday from 2:00 to 4:00. Sorry for the inconvenience."),
      daysAgo: 25,
      hour: 5,
    },
  ];
}

/** The demo member has read the oldest notice already: the others carry the "new" badge. */
export async function seedDemoNews(tx: DbOrTx, now: Date, images: DemoNewsFiles, people: { editor: number; member: number }) {
  const at = (days: number, hour = 0) => new Date(now.getTime() - days * DAY + hour * HOUR);
  await tx.insert(files).values(
    Object.values(images).map(({ key, size }) => ({ key, type: "image/png", name: key, size, userId: people.editor, createdAt: at(45) })),
  );
  const rows = await tx
    .insert(news)
    .values(
      items(images).map((item) => {
        const date = at(item.daysAgo, item.hour);
        return {
          type: item.type,
          nameZh: item.nameZh,
          nameEn: item.nameEn,
          contentZh: item.contentZh,
          contentEn: item.contentEn,
          face: item.face ? images[item.face].path : null,
          isTop: item.isTop ?? false,
          date,
          createdAt: date,
          updatedAt: date,
        };
      }),
    )
    .returning({ id: news.id, type: news.type, date: news.date });
  const oldestNotice = rows.filter((r) => r.type === NEWS_TYPE.NEWS_TYPE_NOTICE).sort((a, b) => a.date.getTime() - b.date.getTime())[0]!;
  await tx.insert(newsReads).values({ newsId: oldestNotice.id, userId: people.member, readAt: at(20) });
}
