// Limits the server enforces and the browser shows, from one place (spec 1
// section 9; page sizes from the tables the specs pad).
export const MAX_ADDRESSES = 10;
export const MAX_FAMILY = 15;
export const DUES_PAGE_SIZE = 14;
export const POINTS_PAGE_SIZE = 10;
/** The operation, property-change and visit logs (spec 3 section 3 "Logs"): 20 rows a page, padded. */
export const LOG_PAGE_SIZE = 20;
export const OUTBOX_PAGE_SIZE = 20;
export const ORDER_PAGE_SIZE = 23;
/** The member management table (spec 3 section 2.4): 23 rows, padded. */
export const MEMBER_PAGE_SIZE = 23;
/** The rows a find-from-a-sheet file may hold, as every import (its window says so). */
export const FIND_MAX_ROWS = 10_000;
/** The banner list window: 30 rows a page (spec 2 section 9). */
export const BANNER_PAGE_SIZE = 30;
/** The announcement list of the editor's window. */
export const ANNOUNCEMENT_PAGE_SIZE = 10;
/** The module order management pop-up (spec 3 section 2.2). */
export const MODULE_ORDER_PAGE_SIZE = 20;
/** News and notices (spec 2 section 9): 15 a page; a caller may ask for up to 50 (the home page asks for 5 and 3). */
export const NEWS_PAGE_SIZE = 15;
export const NEWS_PAGE_MAX = 50;
/** A title in either language, after trimming (the editor's inputs stop there too). */
export const NEWS_TITLE_MAX = 100;
/** Rich text in either language, in characters as cleaned; images travel as addresses, never inline. */
export const NEWS_CONTENT_MAX = 50_000;
/** The mailbox lists, the member's and the managers' (spec 3: mailbox tables of 10 rows). */
export const CHAT_PAGE_SIZE = 10;
/** A mailbox message's length, counted as typed (before its angle brackets are escaped). */
export const CHAT_MAX_LENGTH = 2000;
/** The question bank manager's table (not in the specs): 10 banks a page. */
export const BANK_PAGE_SIZE = 10;
/** The activity editor's bank picker (/activity/stock/like): the first 20 names that match. */
export const BANK_LIKE_MAX = 20;
/** A bank's name, after trimming and escaping. */
export const BANK_NAME_MAX = 50;
/** A question's title in either language; its description and dialog text; an option's text and value. */
export const QUESTION_TITLE_MAX = 500;
export const QUESTION_TEXT_MAX = 1000;
export const OPTION_TEXT_MAX = 200;
export const OPTION_VALUE_MAX = 100;
/** Options of one question. */
export const OPTIONS_MAX = 100;
/** Bulk SMS (spec 3 section 9): the template and task tables pad to 25 rows, a task's log to 20. */
export const SMS_TEMPLATE_PAGE_SIZE = 25;
export const SMS_TASK_PAGE_SIZE = 25;
export const SMS_LOG_PAGE_SIZE = 20;
/** A bulk SMS task's name, and the numbers one file may hold. */
export const SMS_TITLE_MAX = 50;
export const SMS_MAX_NUMBERS = 10_000;
/** The staff's view of a waiting list lists at most this many, the offers and the first in line first; its counts say how many in all. */
export const WAITLIST_STAFF_LIMIT = 200;
/** An officer's reason for cancelling a member's order (decision 113): read by the member's officers and the audit. */
export const CANCEL_REASON_MAX = 200;
/** A refund's reason: WeChat Pay shows at most 80 characters of it to the payer. */
export const REFUND_REASON_MAX = 80;
/** The list of money owed back. */
export const REFUND_PAGE_SIZE = 20;
/** Applications a page of a lottery's staff view (issue 32). */
export const LOTTERY_PAGE_SIZE = 50;
/** Sent reminders a page of the staff's view (issue 32). */
export const REMINDER_PAGE_SIZE = 30;
/** Applications to join a page of the staff's list (issue 32). */
export const APPLICATION_PAGE_SIZE = 20;
/** Surveys and votes (decision 141): a title and an introduction in either language, in characters after trimming. */
export const SURVEY_TITLE_MAX = 100;
export const SURVEY_INTRO_MAX = 2000;
/** Their questions: how many, a question's title, a choice's text, how many choices, a rating's points. */
export const SURVEY_QUESTIONS_MAX = 50;
export const SURVEY_QUESTION_TITLE_MAX = 300;
export const SURVEY_OPTION_TEXT_MAX = 200;
export const SURVEY_OPTIONS_MIN = 2;
export const SURVEY_OPTIONS_MAX = 30;
export const SURVEY_SCALE_MIN = 2;
export const SURVEY_SCALE_MAX = 10;
export const SURVEY_SCALE_DEFAULT = 5;
/** A text answer's length. */
export const SURVEY_TEXT_ANSWER_MAX = 2000;
