// Texts of the orders area (the personal centre's orders and the payment
// window an order waiting for payment opens), both languages side by side;
// zh.ts and en.ts mount them under "order".
export default {
  zh: {
    pay: {
      title: "支付报名费用",
      amount: "应付金额",
      amountValue: "¥ {{amount}}",
      points: "另扣积分",
      left: "剩余支付时间",
      note: "请在5分钟内完成支付，超时未支付报名将失效，需要重新报名。",
      scan: "请使用手机扫描二维码完成支付，或点击下方链接打开支付页面。",
      openLink: "打开支付页面",
      qrAlt: "支付二维码",
      waiting: "等待支付结果…支付完成后本窗口会自动更新。",
      later: "稍后支付",
      done: "支付成功，报名已确认！",
      expired: "支付时间已过，本次报名已失效，请重新报名。",
    },
  },
  en: {
    pay: {
      title: "Pay for your registration",
      amount: "Amount due",
      amountValue: "¥ {{amount}}",
      points: "Points also used",
      left: "Time left to pay",
      note: "Please pay within 5 minutes, or the registration becomes invalid and you will have to sign up again.",
      scan: "Scan the QR code with your phone to pay, or open the payment page with the link below.",
      openLink: "Open the payment page",
      qrAlt: "Payment QR code",
      waiting: "Waiting for the payment… this window updates by itself once you have paid.",
      later: "Pay later",
      done: "Payment received. Your registration is confirmed!",
      expired: "The time to pay is over: this registration is no longer valid. Please sign up again.",
    },
  },
};
