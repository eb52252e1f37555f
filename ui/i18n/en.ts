// English texts: the same keys as zh.ts (the Dictionary type and tests/unit/i18n.test.ts hold them together).
import activation from "./areas/activation";
import centre from "./areas/centre";
import address from "./areas/address";
import family from "./areas/family";
import points from "./areas/points";
import dues from "./areas/dues";
import outbox from "./areas/outbox";
import type { Dictionary } from "./zh";

const en: Dictionary = {
  activation: activation.en,
  centre: centre.en,
  address: address.en,
  family: family.en,
  points: points.en,
  dues: dues.en,
  outbox: outbox.en,
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
  home: {
    greeting: "Hello, {{name}}",
    greetingPlain: "Hello",
    welcome: "Welcome to the Union Member Portal.",
    lastSignIn: "Last sign-in: {{date}}",
    shortcuts: "Shortcuts",
    activitiesDesc: "Browse union activities and sign up online",
    messagesDesc: "Read union notices and news",
    centreDesc: "Manage your profile, addresses, family and orders",
    mailboxDesc: "Write to the union with your views and suggestions",
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
  },
  breadcrumb: {
    label: "You are here",
  },
  comingSoon: {
    title: "On its way",
    body: "This section is being built. Once it opens, everything it offers will be available here. Thank you for your patience.",
    back: "Back to home",
  },
  notFound: {
    body: "The page you asked for does not exist. It may have moved, or the address may be mistyped.",
  },
  pager: {
    summary: "total {{count}} records {{max}} pages, currently page {{index}}",
    previous: "Previous",
    next: "Next",
    goTo: "Go to page",
    go: "Go",
    label: "Pages",
  },
  table: {
    empty: "Nothing here yet",
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
    ERROR_SERVER: "The server could not complete the request, please try again later",
    unknown: "That did not work ({{code}}), please try again later",
  },
};

export default en;
