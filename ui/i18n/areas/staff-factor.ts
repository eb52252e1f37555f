// Texts of the reminder and the gate on staff pages (issue 31 item 1): staff
// without two-step verification are reminded before the deadline and shut out
// of staff pages after it, with the way to the security page. Added by the
// chunk that shows them (ui/pages/shared/staff-factor-notice.tsx), loaded only
// for such staff, not with every member's first screen (docs/decisions.md 102).
import { texts } from "../area";

export default texts({
  zh: {
    banner: "管理功能需要两步验证，请在 {{date}} 前设置。",
    set: "立即设置",
    gateTitle: "请先设置两步验证",
    gateBody: "您的账号拥有管理权限。自 {{date}} 起，管理功能需要两步验证（身份验证器应用或通行密钥）。设置之后即可继续使用本页。",
    gateWhere: "设置位置：个人中心 › 账号安全 › 两步验证",
    gateLink: "前往设置两步验证",
  },
  en: {
    banner: "Staff functions need two-step verification: set it up by {{date}}.",
    set: "Set it up",
    gateTitle: "Set up two-step verification first",
    gateBody: "Your account holds staff powers. Since {{date}}, staff functions need two-step verification (an authenticator app or a passkey). Once it is set up, this page opens again.",
    gateWhere: "Where: Personal centre › Security › Two-step verification",
    gateLink: "Set up two-step verification",
  },
});
