// Texts of a sign-in's second step (issue 31 item 1): asked only of a member
// who keeps two-step verification, after the right password. Added by the
// chunk that shows them (ui/pages/account/login-second-step.tsx), not with the
// sign-in page's first screen (docs/decisions.md 102).
import { texts } from "../area";

export default texts({
  zh: {
    title: "两步验证",
    intro: "密码正确。请完成两步验证后登录。",
    code: "验证器应用中的 6 位数字，或一个恢复码",
    required: "请输入 6 位数字或恢复码",
    submit: "验证并登录",
    or: "或",
    passkey: "使用通行密钥",
    back: "返回",
    wrong: "验证码或恢复码不正确，请重试",
    used: "这个验证码已经用过，请输入应用显示的下一个验证码",
    expired: "等待时间已过，请重新输入密码登录",
    passkeyCancelled: "通行密钥验证已取消或超时",
    passkeyFailed: "未能通过通行密钥验证，请重试，或输入验证码",
  },
  en: {
    title: "Two-step verification",
    intro: "Your password is right. Complete two-step verification to sign in.",
    code: "The 6 digits from your authenticator app, or a recovery code",
    required: "Enter the 6 digits or a recovery code",
    submit: "Verify and sign in",
    or: "or",
    passkey: "Use a passkey",
    back: "Back",
    wrong: "That code is not right: please try again",
    used: "That code was already used: enter the next one your app shows",
    expired: "That took too long: please sign in with your password again",
    passkeyCancelled: "The passkey check was cancelled or timed out",
    passkeyFailed: "The passkey could not be verified: try again, or enter a code",
  },
});
