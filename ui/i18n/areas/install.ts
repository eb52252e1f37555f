// Texts of the installed portal and of working offline (docs/decisions.md 99), both languages side by side;
// zh.ts and en.ts mount them under "install". scripts/build.ts writes the manifests' names from them.
import { texts } from "../area";

export default texts({
  zh: {
    shortName: "工会服务",
    description: "公司工会的会员服务平台：活动报名、新闻通知、个人中心。",
    staleAsOf: "离线 — 截至 {{time}} 的内容",
    staleHint: "联网后将自动刷新。",
    needsNetwork: "需联网",
    nothingKept: "离线时无法加载此页面：您还没有在这台设备上查看过它。请联网后再试。",
    pageNeedsNetwork: "此页面需要联网才能打开。",
    ticketHint: "入场时请出示此二维码。如订单在此后已取消，此票在入口处无法通过核验。",
    ticketNotKept: "这张电子票尚未保存在本设备上：联网时打开一次“我的订单”即可保存。",
  },
  en: {
    shortName: "Union",
    description: "The company union's member portal: activities, news and notices, and your personal centre.",
    staleAsOf: "Offline — as of {{time}}",
    staleHint: "It refreshes once you are back online.",
    needsNetwork: "Needs the network",
    nothingKept: "This page cannot load offline: you have not viewed it on this device yet. Please try again when you are online.",
    pageNeedsNetwork: "This page needs the network to open.",
    ticketHint: "Show this QR code at the entrance. If the order has been cancelled since, the ticket will not pass the check at the door.",
    ticketNotKept: "This ticket is not kept on this device yet: open your orders once while online to keep it.",
  },
});
