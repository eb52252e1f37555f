// Texts of the privacy notice as members read it (issue 31 item 4): the window
// the footer's link opens, the one a member must answer before anything else
// when a version they have not accepted is in force, and the notice's own
// line of facts. Added by the chunk that shows them (ui/components/privacy-notice.tsx),
// loaded when the notice is opened or asked for, not with every member's first
// screen (docs/decisions.md 102).
import { texts } from "../area";

export default texts({
  zh: {
    title: "隐私政策",
    facts: "第 {{version}} 版 · {{date}} 发布",
    readEn: "阅读英文版",
    readZh: "阅读中文版",
    loading: "正在加载隐私政策…",
    failed: "隐私政策暂时无法加载，请检查网络后重试。",
    none: "目前没有发布隐私政策。",
    gate: {
      changedTitle: "隐私政策已更新",
      changedIntro: "工会更新了隐私政策。请阅读新版本，同意后即可继续使用会员服务。",
      firstTitle: "请阅读并同意隐私政策",
      firstIntro: "使用会员服务前，请阅读工会的隐私政策。同意后即可继续。",
      accept: "同意并继续",
      signOut: "退出登录",
      stale: "隐私政策刚刚又有更新，请阅读新版本后再选择同意。",
    },
  },
  en: {
    title: "Privacy notice",
    facts: "Version {{version}} · published {{date}}",
    readEn: "Read it in English",
    readZh: "Read it in Chinese",
    loading: "Loading the privacy notice…",
    failed: "The privacy notice could not be loaded. Please check your connection and try again.",
    none: "No privacy notice has been published yet.",
    gate: {
      changedTitle: "Our privacy notice has changed",
      changedIntro: "The union has updated its privacy notice. Please read the new version; once you accept it, you can carry on.",
      firstTitle: "Please read and accept our privacy notice",
      firstIntro: "Before you use the members' services, please read the union's privacy notice. Once you accept it, you can carry on.",
      accept: "Accept and continue",
      signOut: "Sign out",
      stale: "The privacy notice has just been updated again. Please read the new version before you accept it.",
    },
  },
});
