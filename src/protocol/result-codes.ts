// The result codes every answer carries (spec 1 section 8), with the names the
// type table gives them. Never renumber a landed code: browsers cache the table
// and the UI's dictionaries key their sentences by code.

// Result codes: SUCCESS is 0 (spec 1 section 8); the rest are ours.
export const RESULT = {
  SUCCESS: 0,
  ERROR_PARAMS: 1,
  ERROR_RESULT_NULL: 2,
  ERROR_RANDOM: 3,
  ERROR_RENAME: 4,
  ERROR_OFTEN: 5,
  ERROR_NOT_USER: 6,
  ERROR_BINDINGED: 7,
  ERROR_LEAVE: 8,
  ERROR_DATA_USED: 9,
  ERROR_LOGIN_CODE: 10,
  ERROR_NOT_POWER: 11,
  USER_STATE_REGISTER: 12,
  USER_STATE_LEAVE: 13,
  MEMBER_INTERCEPT_NO_POWER: 14,
  MEMBER_INTERCEPT_ADOPT: 15,
  ERROR_PASSWORD: 16,
  ERROR_BUSY: 17,
  ERROR_SERVER: 18,
  // Sign-up (spec 2 section 8), also the eligibility outcomes of /activity/power/check.
  ERROR_SIGN_PARAMS: 19,
  ERROR_SIGN_OPTION_FULL: 20,
  ERROR_SIGN_QUOTA_FULL: 21,
  ERROR_SIGN_NO_POWER: 22,
  ERROR_SIGN_NOT_START: 23,
  ERROR_SIGN_END: 24,
  ERROR_SIGN_FULL: 25,
  ERROR_SIGN_FINISH: 26,
  ERROR_SIGN_INTEGRAL: 27,
  ERROR_SIGN_DEDUCTION: 28,
  ERROR_SIGN_TAG: 29,
  ERROR_SIGN_SCORE: 30,
  ERROR_SIGN_FAMILY: 31,
  ERROR_SIGN_ADDRESS: 32,
  // Trolley and checkout, modules, the mailbox (spec 2 sections 5 and 8).
  ERROR_CART_EMPTY: 33,
  ERROR_MODULE_NOT_EMPTY: 34,
  ERROR_CHAT_WAIT: 35,
  // The activity editor (spec 3 section 4.1): what the activity's state does not allow.
  ERROR_ACTIVITY_STATE: 45,
  // A member's order or dues record whose state gives no document (a cancelled, unpaid or expired order has no ticket; an unpaid dues order no receipt).
  ERROR_ORDER_STATE: 46,
  // Check-in at the door (issue 20): a second scan's warning and the reasons a ticket is turned away.
  ERROR_CHECKIN_ALREADY: 47,
  ERROR_CHECKIN_CODE: 48,
  ERROR_CHECKIN_ACTIVITY: 49,
  ERROR_CHECKIN_CANCELLED: 50,
  ERROR_CHECKIN_UNPAID: 51,
  ERROR_CHECKIN_EXPIRED: 52,
  ERROR_CHECKIN_NOT_FOUND: 53,
  ERROR_CHECKIN_NO_TICKET: 54,
  // The waiting list of a full activity (issue 20).
  ERROR_WAITLIST_OFF: 60,
  ERROR_WAITLIST_NOT_FULL: 61,
  ERROR_WAITLIST_ALREADY: 62,
  ERROR_WAITLIST_NONE: 63,
  ERROR_WAITLIST_OFFER_EXPIRED: 64,
  // The electronic member card (issue 20): no card for a member who is not active, or has not paid this year's dues.
  ERROR_CARD_INACTIVE: 70,
  ERROR_CARD_UNPAID: 71,
  // Roles (issue 28, decision 103): no power taken through member management.
  ERROR_ROLE_SELF: 80,
  ERROR_ROLE_ABOVE: 81,
  ERROR_MEMBER_ABOVE: 82,
  // Staff cancel (issue 29 section 4, decision 113): the order is already cancelled.
  ERROR_ORDER_ALREADY_CANCELLED: 83,
  // Refunds (issue 29 section 4, decision 114): only money owed back is refunded, once.
  ERROR_REFUND_NOT_OWED: 84,
  ERROR_REFUND_IN_PROGRESS: 85,
  ERROR_REFUND_DONE: 86,
  // A second factor (issue 31): a sign-in waiting for it, a staff call refused until one is kept.
  ERROR_SECOND_FACTOR: 87,
  ERROR_SECOND_FACTOR_ENROL: 88,
  // The lottery (issue 32, decision 138): places by lot, applied for before the draw.
  ERROR_LOTTERY_APPLY: 89,
  ERROR_LOTTERY_DRAWING: 90,
  ERROR_LOTTERY_ALREADY: 91,
  ERROR_LOTTERY_CLOSED: 92,
  ERROR_LOTTERY_NONE: 93,
  // Applying to join (issue 32, decision 140): a member or an open application already has the phone, employee number or e-mail; an application already decided.
  ERROR_JOIN_DUPLICATE: 94,
  ERROR_JOIN_OPEN: 95,
  ERROR_JOIN_DECIDED: 97,
  // Surveys and votes (issue 32, decision 141): changed once open, answered once, answered outside its times.
  ERROR_SURVEY_OPEN: 98,
  ERROR_SURVEY_ANSWERED: 99,
  ERROR_SURVEY_CLOSED: 100,
  // Bulk SMS (issue 28 item 9): a resend of a task's unknown numbers when none is unknown.
  ERROR_SMS_NOTHING_UNKNOWN: 96,
} as const;

export type ResultCode = keyof typeof RESULT;
