// English texts: the same keys as zh.ts (the Dictionary type and tests/unit/i18n.test.ts hold them together).
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
import type { Dictionary } from "./zh";

const en: Dictionary = {
  activation: activation.en,
  centre: centre.en,
  address: address.en,
  family: family.en,
  points: points.en,
  dues: dues.en,
  jobs: jobs.en,
  members: members.en,
  outbox: outbox.en,
  propertyAdmin: propertyAdmin.en,
  dashboard: dashboard.en,
  order: order.en,
  market: market.en,
  activity: activity.en,
  home: home.en,
  homeEdit: homeEdit.en,
  modules: modules.en,
  news: news.en,
  upload: upload.en,
  mailbox: mailbox.en,
  editor: editor.en,
  sms: sms.en,
  app: {
    name: "Union Member Portal",
    nameAlt: "工会会员服务平台",
    skip: "Skip to main content",
  },
  common: {
    ok: "OK",
    cancel: "Cancel",
    close: "Close",
    notice: "Notice",
    loading: "Loading…",
    retry: "Retry",
  },
  language: {
    label: "Interface language",
    zh: "中文",
    en: "English",
  },
  nav: {
    main: "Main navigation",
    home: "Home",
    activities: "Activities",
    messages: "Messages",
    centre: "Personal centre",
    members: "Members",
    system: "System",
    logout: "Sign out",
    menu: "Menu",
  },
  logout: {
    confirm: "Are you sure you want to sign out?",
  },
  footer: {
    filing: "Filing number",
  },
  init: {
    failed: "The server can't be reached right now. Please check your connection and try again.",
  },
  login: {
    heading: "Member sign-in",
    account: "Account",
    accountHint: "Employee ID, e-mail or mobile",
    password: "Password",
    passwordHint: "Enter your password",
    code: "Image code",
    codeHint: "6 characters",
    codeImage: "Image code, click for a new one",
    submit: "Sign in",
    retrieve: "Forgot password",
    activate: "Activate",
    required: {
      account: "Please enter your account",
      password: "Please enter your password",
      code: "Please enter the 6-character image code",
    },
    tipsTitle: "Good to know",
    tipsAccount: "First time here? Activate your account first; then sign in with your employee ID, e-mail or mobile number.",
    supportMail: "Support mailbox",
    supportHours: "Support hours",
  },
  page: {
    index: "Home",
    activityIndex: "Activities",
    activityModule: "Activity module",
    activityInfo: "Activity",
    marketIndex: "Gift market",
    marketInfo: "Item",
    information: "Personal centre",
    userOperation: "Member management",
    propertyOperation: "Property management",
    newsList: "News and notices",
    news: "News",
    notice: "Notices",
    newsInfo: "Details",
    chatList: "Union mailbox",
    chatInfo: "Conversation",
    shoppingcart: "Trolley",
    place: "Checkout",
    browse: "System management",
    browseChat: "Mailbox conversation",
    notFound: "Page not found",
    forbidden: "No access",
  },
  breadcrumb: {
    label: "You are here",
  },
  comingSoon: {
    title: "On its way",
    body: "This section is being built. Once it opens, everything it offers will be available here. Thank you for your patience.",
    back: "Back to home",
  },
  forbidden: {
    title: "This page is for union staff",
    body: "Your account does not have the permission this page needs. If you need it, ask a union administrator.",
  },
  notFound: {
    body: "The page you asked for does not exist. It may have moved, or the address may be mistyped.",
  },
  pager: {
    one: "1 record, page {{index}} of {{max}}",
    many: "{{count}} records, page {{index}} of {{max}}",
    missing: "There is no page {{asked}}; this is page {{index}}",
    previous: "Previous",
    next: "Next",
    goTo: "Go to page",
    go: "Go",
    label: "Pages",
  },
  list: {
    none: "No records",
    noMatch: "No records match these filters",
    failed: "The list could not be loaded.",
  },
  filter: {
    search: "Search",
    reset: "Reset",
    all: "All",
    start: "From",
    end: "To",
    badRange: "The start date cannot be later than the end date",
  },
  result: {
    SUCCESS: "Done",
    ERROR_PARAMS: "The request could not be processed. Please refresh the page and try again, or use another device.",
    ERROR_RESULT_NULL:
      "Please click Send code first. If you did, the code may be wrong or expired (a code is valid for 2 minutes; wait for the countdown to end and request a new one).",
    ERROR_RANDOM: "The verification code is incorrect",
    ERROR_RENAME: "This e-mail or phone number is already used by another user",
    ERROR_OFTEN: "Too many requests, please try again later",
    ERROR_OFTEN_WAIT: "Too many attempts, please try again in {{seconds}} s",
    ERROR_NOT_USER: "The user does not exist",
    ERROR_BINDINGED: "This account is already bound, or has resigned",
    ERROR_LEAVE: "This account has resigned or been cancelled",
    ERROR_DATA_USED: "An e-mail already exists for this account, please use Activate",
    ERROR_LOGIN_CODE: "Your sign-in has expired, please sign in again",
    ERROR_NOT_POWER: "You do not have permission to do this",
    USER_STATE_REGISTER: "Your account is not activated, click Activate",
    USER_STATE_LEAVE: "Your account status is resigned",
    MEMBER_INTERCEPT_NO_POWER: "Please pay this year's union dues first",
    MEMBER_INTERCEPT_ADOPT: "Please pay this year's union dues before visiting this page",
    ERROR_PASSWORD: "Incorrect password",
    ERROR_BUSY: "The system is busy, please try again shortly",
    ERROR_BUSY_RETRY: "The system is busy, please try again in {{seconds}} s",
    ERROR_SERVER: "The server could not complete the request, please try again later",
    ERROR_SIGN_PARAMS: "Sorry, due to network issues, the server did not fully record your registration information. Please refresh the page and register again.",
    ERROR_SIGN_OPTION_FULL: "The option is full",
    ERROR_SIGN_QUOTA_FULL: "The quota for the project you have selected is full. Please try other options.",
    ERROR_SIGN_NO_POWER: "Not eligible for registration",
    ERROR_SIGN_NOT_START: "To be expected",
    ERROR_SIGN_END: "Registration is closed",
    ERROR_SIGN_FULL: "Registration is full",
    ERROR_SIGN_FINISH: "Registration is complete",
    ERROR_SIGN_INTEGRAL: "Your current points are insufficient, please check and retry.",
    ERROR_SIGN_DEDUCTION: "Your current points are insufficient, cannot use points deduction.",
    ERROR_SIGN_TAG: "Please select a tag from {{group}} and click to register again.",
    ERROR_SIGN_SCORE: "This quiz requires a score of at least {{passLine}}; your score is {{score}}, which is not enough. Please answer again.",
    ERROR_SIGN_FAMILY: "The family members chosen do not fit this activity's rules. Please check and try again.",
    ERROR_SIGN_ADDRESS: "Please choose a delivery address, or add one.",
    ERROR_CART_EMPTY: "Check at least one item to check out.",
    ERROR_MODULE_NOT_EMPTY: "The module still has activities and cannot be deleted.",
    ERROR_CHAT_WAIT: "The mailbox is not real-time; look for the notification icon on the home page.",
    ERROR_ACTIVITY_STATE: "The activity's current state does not allow this. Refresh the page and try again.",
    unknown: "That did not work ({{code}}), please try again later",
  },
};

export default en;
