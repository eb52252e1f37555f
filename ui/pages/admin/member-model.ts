// What the member management files share: a role of /power/status and the member of /user/operation/info.
import type { AnswerOf } from "../../../src/domains/api";
import type { PowerCode } from "../../../src/protocol/powers";
import { hasPower } from "../../state/session";

export type Role = { id: number; nameZh: string; nameEn: string; powers: { code: string }[] };
export type MemberInfo = AnswerOf<"/user/operation/info">["user"];

/** Whether the signed-in staff member holds every power of the role: the roles they may give, and the accounts they may change (decision 103; the server refuses the rest). */
export const holdsRole = (role: Pick<Role, "powers">): boolean => role.powers.every((p) => hasPower(p.code as PowerCode));
