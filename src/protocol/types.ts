// Every enumeration the three specs name, with the numeric id the wire uses.
// Ids are unique across groups so the client can keep one map of code -> id
// (spec 1 section 3: "types (map of type code to id)"). Never renumber a
// landed entry: ids are stored in the database and cached in browsers.
//
// This is the type table itself, synced into the `types` table at start and
// sent to the browser whole; the named constants are in enumerations.ts and
// result-codes.ts.
import { COUNTRY_TYPE, LANGUAGE, MODULE_SHOW, NEWS_TYPE, PROPERTY_PURPOSE, PROPERTY_TYPE, SMS_STATE, USER_STATE } from "./enumerations";
import { OPERATION_ACTIONS, operationCode } from "./operation-types";
import { RESULT, type ResultCode } from "./result-codes";
import { RESULT_NAMES } from "./result-names";

export type TypeEntry = {
  id: number;
  code: string;
  group: TypeGroup;
  nameZh: string;
  nameEn: string;
};

export type TypeGroup =
  | "RESULT"
  | "USER_STATE"
  | "ORDER_STATE"
  | "PAY_STATE"
  | "REFUND_STATE"
  | "SEND_STATE"
  | "DELIVERY_STATE"
  | "POINT_TYPE"
  | "PAGE"
  | "COUNTRY_TYPE"
  | "LANGUAGE"
  | "PROPERTY_TYPE"
  | "PROPERTY_PURPOSE"
  | "JUMP_KIND"
  | "MODULE_MODEL"
  | "ACTIVITY_STATE"
  | "ADDRESS_TYPE"
  | "AUDIT_STATE"
  | "OPERATION_TYPE"
  | "CONDITION_TYPE"
  | "COMPARE_MODE"
  | "QUIZ_DISPLAY"
  | "NEWS_TYPE"
  | "MODULE_SHOW"
  | "SMS_STATE";

const entry = (group: TypeGroup, id: number, code: string, nameZh: string, nameEn: string): TypeEntry => ({
  id,
  code,
  group,
  nameZh,
  nameEn,
});

export const TYPES: TypeEntry[] = [
  ...Object.entries(RESULT).map(([code, id]) => {
    const [zh, en] = RESULT_NAMES[code as ResultCode];
    return entry("RESULT", id, code, zh, en);
  }),

  entry("USER_STATE", USER_STATE.USER_STATE_REGISTERED, "USER_STATE_REGISTERED", "已注册未激活", "Not activated"),
  entry("USER_STATE", USER_STATE.USER_STATE_ACTIVE, "USER_STATE_ACTIVE", "已激活", "Active"),
  entry("USER_STATE", USER_STATE.USER_STATE_LEFT, "USER_STATE_LEFT", "已离职", "Left the company"),

  entry("ORDER_STATE", 201, "ORDER_STATE_WAIT", "待支付", "Waiting for payment"),
  entry("ORDER_STATE", 202, "ORDER_STATE_SUCCESS", "成功", "Success"),
  entry("ORDER_STATE", 203, "ORDER_STATE_CANCEL", "已取消", "Cancelled"),
  entry("ORDER_STATE", 204, "ORDER_STATE_PREVIEW", "预览", "Preview"),

  entry("PAY_STATE", 301, "PAY_STATE_WAIT", "待支付", "Unpaid"),
  entry("PAY_STATE", 302, "PAY_STATE_SUCCESS", "已支付", "Paid"),
  entry("PAY_STATE", 303, "PAY_STATE_CLOSED", "已关闭", "Closed"),
  entry("PAY_STATE", 304, "PAY_STATE_REFUND_OWED", "待退款", "Refund owed"),
  entry("PAY_STATE", 308, "PAY_STATE_REFUNDED", "已退款", "Refunded"),
  entry("REFUND_STATE", 305, "REFUND_STATE_PROCESSING", "退款中", "Refunding"),
  entry("REFUND_STATE", 306, "REFUND_STATE_SUCCESS", "已退款", "Refunded"),
  entry("REFUND_STATE", 307, "REFUND_STATE_FAILED", "退款失败", "Refund failed"),

  entry("SEND_STATE", 401, "SEND_STATE_WAIT", "待发货", "Not sent"),
  entry("SEND_STATE", 402, "SEND_STATE_SENT", "已发货", "Sent"),

  // Delivery states keep the courier's own numbers 0-6 (spec 2 section 2) as 500 + n.
  entry("DELIVERY_STATE", 500, "DELIVERY_STATE_COLLECTED", "已揽收", "Collected"),
  entry("DELIVERY_STATE", 501, "DELIVERY_STATE_ON_THE_WAY", "运输中", "On the way"),
  entry("DELIVERY_STATE", 502, "DELIVERY_STATE_DELIVERING", "派送中", "Delivering"),
  entry("DELIVERY_STATE", 503, "DELIVERY_STATE_RECEIVED", "已签收", "Received"),
  entry("DELIVERY_STATE", 504, "DELIVERY_STATE_FAILED", "派送失败", "Delivery failed"),
  entry("DELIVERY_STATE", 505, "DELIVERY_STATE_PROBLEM", "问题件", "Problem parcel"),
  entry("DELIVERY_STATE", 506, "DELIVERY_STATE_RETURNED", "退回签收", "Returned and received"),

  entry("POINT_TYPE", 601, "POINT_TYPE_ENTRY", "获得", "Earned"),
  entry("POINT_TYPE", 602, "POINT_TYPE_OUT", "使用", "Spent"),
  entry("POINT_TYPE", 603, "POINT_TYPE_OTHERS", "过期及其他", "Expired or other"),

  entry("PAGE", 701, "PAGE_INDEX", "首页", "Home"),
  entry("PAGE", 702, "PAGE_ACTIVITY_INDEX", "活动首页", "Activities"),
  entry("PAGE", 703, "PAGE_ACTIVITY_MODULE", "活动模块", "Activity module"),
  entry("PAGE", 704, "PAGE_ACTIVITY_INFO", "活动详情", "Activity"),
  entry("PAGE", 705, "PAGE_INFORMATION", "个人中心", "Personal centre"),
  entry("PAGE", 706, "PAGE_NEWS_LIST", "新闻列表", "News list"),
  entry("PAGE", 707, "PAGE_NEWS_INFO", "新闻详情", "News"),
  entry("PAGE", 708, "PAGE_CHAT_LIST", "信箱列表", "Mailbox"),
  entry("PAGE", 709, "PAGE_CHAT_INFO", "信箱会话", "Conversation"),
  entry("PAGE", 710, "PAGE_MARKET_INDEX", "商城", "Market"),
  entry("PAGE", 711, "PAGE_MARKET_INFO", "商品详情", "Market item"),

  entry("COUNTRY_TYPE", COUNTRY_TYPE.COUNTRY_TYPE_CHINESE, "COUNTRY_TYPE_CHINESE", "中国籍", "Chinese"),
  entry("COUNTRY_TYPE", COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER, "COUNTRY_TYPE_FOREIGNER", "外籍", "Foreigner"),

  entry("LANGUAGE", LANGUAGE.LANGUAGE_ZH, "LANGUAGE_ZH", "中文", "Chinese"),
  entry("LANGUAGE", LANGUAGE.LANGUAGE_EN, "LANGUAGE_EN", "English", "English"),

  entry("PROPERTY_TYPE", PROPERTY_TYPE.PROPERTY_TYPE_INPUT, "PROPERTY_TYPE_INPUT", "输入框", "Input"),
  entry("PROPERTY_TYPE", PROPERTY_TYPE.PROPERTY_TYPE_SELECT, "PROPERTY_TYPE_SELECT", "下拉框", "Select"),
  entry("PROPERTY_TYPE", PROPERTY_TYPE.PROPERTY_TYPE_RADIO, "PROPERTY_TYPE_RADIO", "单选", "Radio"),
  entry("PROPERTY_TYPE", PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX, "PROPERTY_TYPE_CHECKBOX", "多选", "Checkbox"),
  entry("PROPERTY_TYPE", PROPERTY_TYPE.PROPERTY_TYPE_TEXTAREA, "PROPERTY_TYPE_TEXTAREA", "多行文本", "Textarea"),
  entry("PROPERTY_TYPE", PROPERTY_TYPE.PROPERTY_TYPE_DATE, "PROPERTY_TYPE_DATE", "日期", "Date"),
  entry("PROPERTY_TYPE", PROPERTY_TYPE.PROPERTY_TYPE_DATETIME, "PROPERTY_TYPE_DATETIME", "日期时间", "Date and time"),

  entry("PROPERTY_PURPOSE", PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE, "PROPERTY_PURPOSE_PHONE", "手机", "Phone"),
  entry("PROPERTY_PURPOSE", PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL, "PROPERTY_PURPOSE_MAIL", "邮箱", "E-mail"),
  entry("PROPERTY_PURPOSE", PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME, "PROPERTY_PURPOSE_NAME", "姓名", "Name"),
  entry("PROPERTY_PURPOSE", PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES, "PROPERTY_PURPOSE_EMPLOYEES", "员工号", "Employee id"),
  entry("PROPERTY_PURPOSE", PROPERTY_PURPOSE.PROPERTY_PURPOSE_OTHER, "PROPERTY_PURPOSE_OTHER", "其他", "Other"),

  entry("JUMP_KIND", 1201, "MARKET_LIST", "商城模块", "Market module"),
  entry("JUMP_KIND", 1202, "MODULE_INFO", "活动模块", "Activity module"),
  entry("JUMP_KIND", 1203, "MARKET_INFO", "商品详情", "Market item"),
  entry("JUMP_KIND", 1204, "ACTIVITY_INFO", "活动详情", "Activity"),
  entry("JUMP_KIND", 1205, "CONTENT_INFO", "新闻公告", "News or notice"),

  entry("MODULE_MODEL", 1301, "MODULE_MODEL_ACTIVITY", "活动模块", "Activity module"),
  entry("MODULE_MODEL", 1302, "MODULE_MODEL_MARKET", "商城模块", "Market module"),

  entry("ACTIVITY_STATE", 1401, "ACTIVITY_STATE_PREVIEW", "预览", "Preview"),
  entry("ACTIVITY_STATE", 1402, "ACTIVITY_STATE_NORMAL", "正常", "Normal"),
  entry("ACTIVITY_STATE", 1403, "ACTIVITY_STATE_OFFLINE", "下线", "Offline"),

  entry("ADDRESS_TYPE", 1501, "ADDRESS_TYPE_EXPRESS", "快递地址", "Delivery address"),
  entry("ADDRESS_TYPE", 1502, "ADDRESS_TYPE_PLACE", "家庭住址", "Home address"),

  entry("AUDIT_STATE", 1601, "AUDIT_STATE_WAIT", "审核中", "Under review"),
  entry("AUDIT_STATE", 1602, "AUDIT_STATE_PASS", "审核通过", "Approved"),
  entry("AUDIT_STATE", 1603, "AUDIT_STATE_REJECT", "审核未通过", "Rejected"),

  entry("OPERATION_TYPE", 1701, "OPERATION_LOGIN", "登录", "Sign-in"),
  entry("OPERATION_TYPE", 1702, "OPERATION_LOGOUT", "退出", "Sign-out"),
  entry("OPERATION_TYPE", 1703, "OPERATION_LANGUAGE", "切换语言", "Language change"),
  ...Object.entries(OPERATION_ACTIONS).map(([action, a]) => entry("OPERATION_TYPE", a.id, operationCode(action), a.zh, a.en)),

  entry("CONDITION_TYPE", 1801, "CONDITION_TYPE_SHOW", "可见条件", "Who sees it"),
  entry("CONDITION_TYPE", 1802, "CONDITION_TYPE_SIGN", "报名条件", "Who may sign up"),

  entry("COMPARE_MODE", 1901, "COMPARE_IN", "等于其一", "Is one of"),
  entry("COMPARE_MODE", 1902, "COMPARE_NOT_IN", "不等于任何", "Is none of"),
  entry("COMPARE_MODE", 1903, "COMPARE_CONTAINS", "包含", "Contains"),
  entry("COMPARE_MODE", 1904, "COMPARE_BEFORE", "早于或小于", "Before or less than"),
  entry("COMPARE_MODE", 1905, "COMPARE_AFTER", "晚于或大于", "After or greater than"),
  entry("COMPARE_MODE", 1906, "COMPARE_EMPTY", "为空", "Is empty"),
  entry("COMPARE_MODE", 1907, "COMPARE_NOT_EMPTY", "不为空", "Is filled"),

  entry("QUIZ_DISPLAY", 2001, "QUIZ_DISPLAY_FRAME", "逐题显示", "One question at a time"),
  entry("QUIZ_DISPLAY", 2002, "QUIZ_DISPLAY_ALONG", "全部显示", "All questions along"),

  entry("NEWS_TYPE", NEWS_TYPE.NEWS_TYPE_NEWS, "NEWS_TYPE_NEWS", "新闻", "News"),
  entry("NEWS_TYPE", NEWS_TYPE.NEWS_TYPE_NOTICE, "NEWS_TYPE_NOTICE", "公告", "Notice"),

  entry("MODULE_SHOW", MODULE_SHOW.MODULE_SHOW_GIFT, "MODULE_SHOW_GIFT", "礼品专区", "Gift zone"),
  entry("MODULE_SHOW", MODULE_SHOW.MODULE_SHOW_GROUP, "MODULE_SHOW_GROUP", "团购专区", "Group buy zone"),
  entry("MODULE_SHOW", MODULE_SHOW.MODULE_SHOW_CLUB, "MODULE_SHOW_CLUB", "俱乐部", "Clubs"),

  entry("SMS_STATE", SMS_STATE.SMS_STATE_WAIT, "SMS_STATE_WAIT", "待发送", "Waiting"),
  entry("SMS_STATE", SMS_STATE.SMS_STATE_SENDING, "SMS_STATE_SENDING", "发送中", "Sending"),
  entry("SMS_STATE", SMS_STATE.SMS_STATE_SUCCESS, "SMS_STATE_SUCCESS", "发送成功", "Sent"),
  entry("SMS_STATE", SMS_STATE.SMS_STATE_FAILED, "SMS_STATE_FAILED", "发送失败", "Failed"),
  entry("SMS_STATE", SMS_STATE.SMS_STATE_UNKNOWN, "SMS_STATE_UNKNOWN", "结果未知（未重发）", "Outcome unknown (not resent)"),
];

export const typeById = new Map(TYPES.map((t) => [t.id, t]));
export const typeByCode = new Map(TYPES.map((t) => [t.code, t]));
