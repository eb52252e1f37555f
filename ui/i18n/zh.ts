// 中文 texts. en.ts has exactly the same keys (tests/unit/i18n.test.ts checks it).
// Placeholders use rosetta's {{name}} syntax.
import activation from "./areas/activation";
import centre from "./areas/centre";
import address from "./areas/address";
import family from "./areas/family";
import points from "./areas/points";
import dues from "./areas/dues";
import jobs from "./areas/jobs";
import members from "./areas/members";
import dashboard from "./areas/dashboard";
import outbox from "./areas/outbox";
import propertyAdmin from "./areas/property-admin";
import order from "./areas/order";
import activity from "./areas/activity";
import home from "./areas/home";
import homeEdit from "./areas/home-edit";
import modules from "./areas/modules";
import news from "./areas/news";
import upload from "./areas/upload";
import mailbox from "./areas/mailbox";
import market from "./areas/market";
import editor from "./areas/editor";
import sms from "./areas/sms";
const zh = {
  activation: activation.zh,
  centre: centre.zh,
  address: address.zh,
  family: family.zh,
  points: points.zh,
  dues: dues.zh,
  jobs: jobs.zh,
  members: members.zh,
  outbox: outbox.zh,
  propertyAdmin: propertyAdmin.zh,
  dashboard: dashboard.zh,
  order: order.zh,
  market: market.zh,
  activity: activity.zh,
  home: home.zh,
  homeEdit: homeEdit.zh,
  modules: modules.zh,
  news: news.zh,
  upload: upload.zh,
  mailbox: mailbox.zh,
  editor: editor.zh,
  sms: sms.zh,

  app: {
    name: "工会会员服务平台",
    nameAlt: "Union Member Portal",
    skip: "跳到主要内容",
  },
  common: {
    ok: "确定",
    cancel: "取消",
    close: "关闭",
    notice: "提示",
    loading: "正在加载…",
    retry: "重试",
  },
  language: {
    label: "界面语言",
    zh: "中文",
    en: "English",
  },
  nav: {
    main: "主导航",
    home: "首页",
    activities: "活动",
    messages: "消息",
    centre: "个人中心",
    members: "会员管理",
    system: "系统管理",
    logout: "退出登录",
    menu: "菜单",
  },
  logout: {
    confirm: "确定要退出登录吗？",
  },
  footer: {
    filing: "备案号",
  },
  init: {
    failed: "暂时无法连接服务器，请检查网络后重试。",
  },
  login: {
    heading: "会员登录",
    account: "账号",
    accountHint: "员工号 / 邮箱 / 手机号",
    password: "密码",
    passwordHint: "请输入密码",
    code: "验证码",
    codeHint: "6位验证码",
    codeImage: "图片验证码，点击换一张",
    submit: "登录",
    retrieve: "忘记密码",
    activate: "激活账号",
    required: {
      account: "请输入用户名",
      password: "请输入密码",
      code: "请输入6位验证码",
    },
    tipsTitle: "温馨提示",
    tipsAccount: "首次使用请先激活账号，激活后可使用员工号、邮箱或手机号登录。",
    supportMail: "支持邮箱",
    supportHours: "服务时间",
  },
  page: {
    index: "首页",
    activityIndex: "活动",
    activityModule: "活动模块",
    activityInfo: "活动详情",
    marketIndex: "礼品商城",
    marketInfo: "商品详情",
    information: "个人中心",
    userOperation: "会员管理",
    propertyOperation: "属性管理",
    newsList: "新闻与通知",
    news: "新闻资讯",
    notice: "通知公告",
    newsInfo: "详情",
    chatList: "工会信箱",
    chatInfo: "信箱会话",
    shoppingcart: "购物车",
    place: "确认订单",
    browse: "系统管理",
    browseChat: "信箱会话管理",
    notFound: "页面不存在",
    forbidden: "无权访问",
  },
  breadcrumb: {
    label: "当前位置",
  },
  comingSoon: {
    title: "栏目建设中",
    body: "这一栏目正在建设中，开放后将在这里提供完整功能。感谢您的耐心等待。",
    back: "返回首页",
  },
  forbidden: {
    title: "此页面仅对工作人员开放",
    body: "您的账号没有此页面的权限，如需使用请联系工会管理员。",
  },
  notFound: {
    body: "您访问的页面不存在，可能已被移动或地址有误。",
  },
  pager: {
    one: "共 1 条，第 {{index}}/{{max}} 页",
    many: "共 {{count}} 条，第 {{index}}/{{max}} 页",
    missing: "没有第 {{asked}} 页，现在显示的是第 {{index}} 页",
    previous: "上一页",
    next: "下一页",
    goTo: "跳转到页码",
    go: "跳转",
    label: "分页",
  },
  list: {
    none: "暂无记录",
    noMatch: "没有符合条件的记录",
    failed: "列表没有加载成功。",
  },
  filter: {
    search: "查询",
    reset: "重置",
    all: "全部",
    start: "开始日期",
    end: "结束日期",
    badRange: "开始日期不能晚于结束日期",
  },
  result: {
    SUCCESS: "操作成功",
    ERROR_PARAMS: "请求无效，请刷新页面后重试，或换一台设备再试。",
    ERROR_RESULT_NULL: "请先点击发送验证码；若已发送，验证码可能错误或已过期（验证码2分钟内有效，请等待倒计时结束后重新获取）。",
    ERROR_RANDOM: "验证码不正确",
    ERROR_RENAME: "该邮箱或手机号已被其他用户使用",
    ERROR_OFTEN: "操作过于频繁，请稍后再试",
    ERROR_OFTEN_WAIT: "尝试次数过多，请 {{seconds}} 秒后再试",
    ERROR_NOT_USER: "用户不存在",
    ERROR_BINDINGED: "该账号已绑定，或已离职",
    ERROR_LEAVE: "该账号已离职或已注销",
    ERROR_DATA_USED: "该账号已存在邮箱，请使用“激活账号”",
    ERROR_LOGIN_CODE: "登录已失效，请重新登录",
    ERROR_NOT_POWER: "您没有权限执行此操作",
    USER_STATE_REGISTER: "您的账号尚未激活，请点击“激活账号”",
    USER_STATE_LEAVE: "您的账号状态为已离职",
    MEMBER_INTERCEPT_NO_POWER: "请先缴纳本年度工会会费",
    MEMBER_INTERCEPT_ADOPT: "请先缴纳本年度工会会费后再访问此页面",
    ERROR_PASSWORD: "密码错误",
    ERROR_BUSY: "系统繁忙，请稍后重试",
    ERROR_BUSY_RETRY: "系统繁忙，请 {{seconds}} 秒后重试",
    ERROR_SERVER: "服务器暂时无法完成请求，请稍后重试",
    ERROR_SIGN_PARAMS: "抱歉，由于网络原因，服务器未能完整记录您的报名信息，请刷新页面后重新报名。",
    ERROR_SIGN_OPTION_FULL: "该选项已满",
    ERROR_SIGN_QUOTA_FULL: "您所选择的项目名额已满，请尝试其他选项。",
    ERROR_SIGN_NO_POWER: "不符合报名条件",
    ERROR_SIGN_NOT_START: "敬请期待",
    ERROR_SIGN_END: "报名已截止",
    ERROR_SIGN_FULL: "报名已满",
    ERROR_SIGN_FINISH: "已完成报名",
    ERROR_SIGN_INTEGRAL: "您当前的积分不足，请检查后重试。",
    ERROR_SIGN_DEDUCTION: "您当前的积分不足，无法使用积分抵扣。",
    ERROR_SIGN_TAG: "请先在{{group}}中选择标签，再点击报名。",
    ERROR_SIGN_SCORE: "本次答题要求分数不得低于{{passLine}}分，您目前答题分数是{{score}}分，没有达到分数要求，请尝试从新答题。",
    ERROR_SIGN_FAMILY: "所选家属不符合本活动的要求，请检查后重试。",
    ERROR_SIGN_ADDRESS: "请选择收货地址，或新增一个。",
    ERROR_CART_EMPTY: "请至少勾选一件商品再结算。",
    ERROR_MODULE_NOT_EMPTY: "模块下还有活动，不能删除。",
    ERROR_CHAT_WAIT: "信箱并非实时回复，请留意首页的消息提示图标。",
    ERROR_ACTIVITY_STATE: "活动当前的状态不允许此操作，请刷新页面后再试。",
    unknown: "操作未成功（{{code}}），请稍后重试",
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Dictionary = Strings<typeof zh>;

export default zh as Dictionary;
