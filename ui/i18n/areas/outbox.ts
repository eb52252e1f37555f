// Texts of the outbox area, both languages side by side; zh.ts and en.ts mount them under "outbox".
export default {
  zh: {
    title: "发件箱",
    intro: "内置短信和邮件通道发出的全部消息，最新的在前。演示环境中，激活码和验证码可在此查看。",
    channel: "渠道",
    to: "收件人",
    text: "内容",
    date: "时间",
    sms: "短信",
    mail: "邮件",
    caption: "短信与邮件发件箱",
  },
  en: {
    title: "Outbox",
    intro: "Every message the built-in SMS and mail channels sent, newest first. In a demo, activation and verification codes can be read here.",
    channel: "Channel",
    to: "To",
    text: "Text",
    date: "Time",
    sms: "SMS",
    mail: "Mail",
    caption: "SMS and mail outbox",
  },
};
