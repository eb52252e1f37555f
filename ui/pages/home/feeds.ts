// What the home page reads of the news and mailbox areas: the latest notices
// and news (spec 2 section 9: 5 and 3) and whether the mailbox has an unread
// reply (spec 2 section 2: the sessions' readed flags).
import type { ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { NEWS_TYPE } from "../../../src/protocol/enumerations";
import { api } from "../../api";

export type NewsRow = ItemOf<"/news/list">;

export const HOME_NOTICES = 5;
export const HOME_NEWS = 3;

export const latestNews = (kind: "notice" | "news") =>
  api.call("/news/list", {
    type: kind === "notice" ? NEWS_TYPE.NEWS_TYPE_NOTICE : NEWS_TYPE.NEWS_TYPE_NEWS,
    index: 1,
    size: kind === "notice" ? HOME_NOTICES : HOME_NEWS,
  });

/** Whether a session of the member's mailbox (on any page) has a reply they have not read. */
export async function mailboxUnread(): Promise<boolean> {
  const answer = await api.call("/chat/session/user", { index: 1 });
  return isSuccess(answer) && (answer.unread ?? 0) > 0;
}
