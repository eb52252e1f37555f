// What the member management files share: a role of /power/status and the member of /user/operation/info.
import type { AnswerOf } from "../../../src/domains/api";

export type Role = { id: number; nameZh: string; nameEn: string };
export type MemberInfo = AnswerOf<"/user/operation/info">["user"];
