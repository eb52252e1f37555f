// Limits the server enforces and the browser shows, from one place (spec 1
// section 9; page sizes from the tables the specs pad).
export const MAX_ADDRESSES = 10;
export const MAX_FAMILY = 15;
export const DUES_PAGE_SIZE = 14;
export const POINTS_PAGE_SIZE = 10;
export const OUTBOX_PAGE_SIZE = 20;
export const ORDER_PAGE_SIZE = 23;
/** The banner list window: 30 rows a page (spec 2 section 9). */
export const BANNER_PAGE_SIZE = 30;
/** The announcement list of the editor's window. */
export const ANNOUNCEMENT_PAGE_SIZE = 10;
