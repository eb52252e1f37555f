// What the home page reads of the news and mailbox areas, by the contracts
// those areas answer (issue 9): `/news/list { type, index, size }` and
// `/chat/session/user { index }`. Called by name through the untyped path
// while those areas are built beside this one.
import type { Answer } from "../../../src/protocol/result";
import { NEWS_TYPE } from "../../../src/protocol/types";
import { api } from "../../api";

export type NewsRow = { id: number; type: { id: number }; nameZh: string; nameEn: string; face: string | null; isTop: boolean; date: string; checked: boolean };
type Page<T> = { list: T[]; count: number; max: number; index: number };

const callByName = api.call as unknown as <T>(path: string, payload: object) => Promise<Answer<T>>;

/** Spec 2 section 9: home shows 5 notices and 3 news. */
export const HOME_NOTICES = 5;
export const HOME_NEWS = 3;

export const latestNews = (kind: "notice" | "news") =>
  callByName<Page<NewsRow>>("/news/list", {
    type: kind === "notice" ? NEWS_TYPE.NEWS_TYPE_NOTICE : NEWS_TYPE.NEWS_TYPE_NEWS,
    index: 1,
    size: kind === "notice" ? HOME_NOTICES : HOME_NEWS,
  });

/** Whether a session of the member's mailbox has a reply they have not read (spec 2 section 2: the readed flag). */
export async function mailboxUnread(): Promise<boolean> {
  const answer = await callByName<Page<{ id: number; readed: boolean }>>("/chat/session/user", { index: 1 });
  return answer.message.code === "SUCCESS" && (answer.list ?? []).some((s) => s.readed === false);
}
