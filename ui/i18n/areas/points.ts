// Texts of the points area, both languages side by side; zh.ts and en.ts mount them under "points".
import { texts } from "../area";

export default texts({
  zh: {
    type: "类型",
    filter: "筛选积分记录",
    balance: "当前积分余额",
    expiring: "您有 {{count}} 积分将于 {{date}} 到期，请尽快使用。",
    noneExpiring: "近30天内没有即将到期的积分。",
    count: "积分",
    date: "时间",
    expiry: "有效期至",
    desc: "说明",
    caption: "积分明细",
    empty: "还没有积分记录。",
  },
  en: {
    type: "Type",
    filter: "Filter the points",
    balance: "Points balance",
    expiring: "{{count}} of your points expire on {{date}}. Use them before then.",
    noneExpiring: "No points expire in the next 30 days.",
    count: "Points",
    date: "Time",
    expiry: "Expires",
    desc: "Description",
    caption: "Points history",
    empty: "No points yet.",
  },
});
