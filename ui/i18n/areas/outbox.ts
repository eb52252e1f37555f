// Texts of the outbox area, both languages side by side; zh.ts and en.ts mount them under "outbox".
import { texts } from "../area";

export default texts({
  zh: {
    title: "发件箱",
    intro: "门户发出或正在发送的全部短信和邮件，最新的在前。演示环境中，激活码和验证码可在此查看。",
    channel: "渠道",
    to: "收件人",
    text: "内容",
    date: "时间",
    sms: "短信",
    mail: "邮件",
    state: "状态",
    states: { pending: "待发送", sent: "已发送", failed: "发送失败" },
    tries: "已尝试 {{count}} 次：{{error}}",
    caption: "短信与邮件发件箱",
    attachment: "附件：{{name}}",
  },
  en: {
    title: "Outbox",
    intro: "Every text message and e-mail the portal sent or is sending, newest first. In a demo, activation and verification codes can be read here.",
    channel: "Channel",
    to: "To",
    text: "Text",
    date: "Time",
    sms: "SMS",
    mail: "Mail",
    state: "State",
    states: { pending: "Waiting", sent: "Sent", failed: "Not delivered" },
    tries: "Tried {{count}} times: {{error}}",
    caption: "SMS and mail outbox",
    attachment: "Attachment: {{name}}",
  },
});
