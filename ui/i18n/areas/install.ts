// Texts of the installed portal and of working offline (docs/decisions.md 99), both languages side by side;
// zh.ts and en.ts mount them under "install". scripts/build.ts writes the manifests' names from them.
export default {
  zh: {
    shortName: "工会服务",
    description: "公司工会的会员服务平台：活动报名、新闻通知、个人中心。",
    staleAsOf: "离线 — 截至 {{time}} 的内容",
    staleHint: "联网后将自动刷新。",
    needsNetwork: "需联网",
    nothingKept: "离线时无法加载此页面：您还没有在这台设备上查看过它。请联网后再试。",
    pageNeedsNetwork: "此页面需要联网才能打开。",
  },
  en: {
    shortName: "Union",
    description: "The company union's member portal: activities, news and notices, and your personal centre.",
    staleAsOf: "Offline — as of {{time}}",
    staleHint: "It refreshes once you are back online.",
    needsNetwork: "Needs the network",
    nothingKept: "This page cannot load offline: you have not viewed it on this device yet. Please try again when you are online.",
    pageNeedsNetwork: "This page needs the network to open.",
  },
};
