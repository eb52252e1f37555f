// The enumerations' ids as named constants, for code that compares a stored or
// sent id. Their names in both languages are in the type table (types.ts);
// tests/unit/types.test.ts holds that the two agree. Never renumber a landed
// id: ids are stored in the database and cached in browsers.

// User states are distinct from the sign-in result codes USER_STATE_REGISTER / USER_STATE_LEAVE.
export const USER_STATE = { USER_STATE_REGISTERED: 101, USER_STATE_ACTIVE: 102, USER_STATE_LEFT: 103 } as const;
export type UserStateCode = keyof typeof USER_STATE;

export const COUNTRY_TYPE = { COUNTRY_TYPE_CHINESE: 801, COUNTRY_TYPE_FOREIGNER: 802 } as const;
export const LANGUAGE = { LANGUAGE_ZH: 901, LANGUAGE_EN: 902 } as const;
export type LanguageCode = keyof typeof LANGUAGE;
const LANGUAGE_IDS = new Set<number>(Object.values(LANGUAGE));
export const isLanguage = (id: number): boolean => LANGUAGE_IDS.has(id);

export const POINT_TYPE = { POINT_TYPE_ENTRY: 601, POINT_TYPE_OUT: 602, POINT_TYPE_OTHERS: 603 } as const;
export const ADDRESS_TYPE = { ADDRESS_TYPE_EXPRESS: 1501, ADDRESS_TYPE_PLACE: 1502 } as const;
export const ORDER_STATE = { ORDER_STATE_WAIT: 201, ORDER_STATE_SUCCESS: 202, ORDER_STATE_CANCEL: 203, ORDER_STATE_PREVIEW: 204 } as const;
export const PAY_STATE = { PAY_STATE_WAIT: 301, PAY_STATE_SUCCESS: 302, PAY_STATE_CLOSED: 303, PAY_STATE_REFUND_OWED: 304, PAY_STATE_REFUNDED: 308 } as const;
/** A refund of a payment owed back (issue 29 section 4, docs/decisions.md 114). */
export const REFUND_STATE = { REFUND_STATE_PROCESSING: 305, REFUND_STATE_SUCCESS: 306, REFUND_STATE_FAILED: 307 } as const;
/** An SMS template's or sign's review at the gateway (spec 3 section 2.4: only AUDIT_STATE_PASS is offered). */
export const AUDIT_STATE = { AUDIT_STATE_WAIT: 1601, AUDIT_STATE_PASS: 1602, AUDIT_STATE_REJECT: 1603 } as const;
/** A number of a bulk SMS task (spec 3 section 3 "SMS log": state {nameZh}); docs/decisions.md on "unknown". */
export const SMS_STATE = { SMS_STATE_WAIT: 2601, SMS_STATE_SENDING: 2602, SMS_STATE_SUCCESS: 2603, SMS_STATE_FAILED: 2604, SMS_STATE_UNKNOWN: 2605 } as const;
export const SEND_STATE = { SEND_STATE_WAIT: 401, SEND_STATE_SENT: 402 } as const;
export const DELIVERY_STATE = {
  DELIVERY_STATE_COLLECTED: 500,
  DELIVERY_STATE_ON_THE_WAY: 501,
  DELIVERY_STATE_DELIVERING: 502,
  DELIVERY_STATE_RECEIVED: 503,
  DELIVERY_STATE_FAILED: 504,
  DELIVERY_STATE_PROBLEM: 505,
  DELIVERY_STATE_RETURNED: 506,
} as const;
export const MODULE_MODEL = { MODULE_MODEL_ACTIVITY: 1301, MODULE_MODEL_MARKET: 1302 } as const;
export const ACTIVITY_STATE = { ACTIVITY_STATE_PREVIEW: 1401, ACTIVITY_STATE_NORMAL: 1402, ACTIVITY_STATE_OFFLINE: 1403 } as const;
export const CONDITION_TYPE = { CONDITION_TYPE_SHOW: 1801, CONDITION_TYPE_SIGN: 1802 } as const;
export const COMPARE_MODE = {
  COMPARE_IN: 1901,
  COMPARE_NOT_IN: 1902,
  COMPARE_CONTAINS: 1903,
  COMPARE_BEFORE: 1904,
  COMPARE_AFTER: 1905,
  COMPARE_EMPTY: 1906,
  COMPARE_NOT_EMPTY: 1907,
} as const;
/** Several values of one condition are joined by this (spec 3: "a special delimiter"). */
export const CONDITION_VALUE_SEPARATOR = "|";
export const QUIZ_DISPLAY = { QUIZ_DISPLAY_FRAME: 2001, QUIZ_DISPLAY_ALONG: 2002 } as const;
export const JUMP_KIND = { MARKET_LIST: 1201, MODULE_INFO: 1202, MARKET_INFO: 1203, ACTIVITY_INFO: 1204, CONTENT_INFO: 1205 } as const;
export const NEWS_TYPE = { NEWS_TYPE_NEWS: 2101, NEWS_TYPE_NOTICE: 2102 } as const;
/** The home page's module buttons a module may fill (/activity/module/show, /title, /clubmed). */
export const MODULE_SHOW = { MODULE_SHOW_GIFT: 2201, MODULE_SHOW_GROUP: 2202, MODULE_SHOW_CLUB: 2203 } as const;
export const PAGE = {
  PAGE_INDEX: 701,
  PAGE_ACTIVITY_INDEX: 702,
  PAGE_ACTIVITY_MODULE: 703,
  PAGE_ACTIVITY_INFO: 704,
  PAGE_INFORMATION: 705,
  PAGE_NEWS_LIST: 706,
  PAGE_NEWS_INFO: 707,
  PAGE_CHAT_LIST: 708,
  PAGE_CHAT_INFO: 709,
  PAGE_MARKET_INDEX: 710,
  PAGE_MARKET_INFO: 711,
} as const;

export const PROPERTY_TYPE = {
  PROPERTY_TYPE_INPUT: 1001,
  PROPERTY_TYPE_SELECT: 1002,
  PROPERTY_TYPE_RADIO: 1003,
  PROPERTY_TYPE_CHECKBOX: 1004,
  PROPERTY_TYPE_TEXTAREA: 1005,
  PROPERTY_TYPE_DATE: 1006,
  PROPERTY_TYPE_DATETIME: 1007,
} as const;

export const PROPERTY_PURPOSE = {
  PROPERTY_PURPOSE_PHONE: 1101,
  PROPERTY_PURPOSE_MAIL: 1102,
  PROPERTY_PURPOSE_NAME: 1103,
  PROPERTY_PURPOSE_EMPLOYEES: 1104,
  PROPERTY_PURPOSE_OTHER: 1105,
} as const;
