import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { idField, pageIndex } from "../shared/fields";
import { listSessions, readSession, sendMessage } from "./service";

const byId = t.Object({ id: idField });
const byPage = t.Object({ index: pageIndex });
const MANAGER = "FUNCTION_CHAT_OPERATION";

// Reading a conversation clears the reader's unread mark: a write, hence commands (not audited: nothing a person changed).
export const chatDomain = domain("chat", [
  query("/chat/session/user", { access: "user", input: byPage }, ({ ctx, input }) => listSessions(ctx, "user", input.index)),
  query("/chat/session/manager", { access: MANAGER, input: byPage }, ({ ctx, input }) => listSessions(ctx, "manager", input.index)),
  command("/chat/session/user/message", { access: "user", input: byId }, (args) => readSession(args, "user")),
  command("/chat/session/manager/message", { access: MANAGER, input: byId }, (args) => readSession(args, "manager")),
  // The length is checked by the verb (ERROR_PARAMS naming the field); the schema only bounds the body.
  command("/chat/session/send", { access: "user", input: t.Object({ content: t.String({ maxLength: 20_000 }), id: t.Optional(idField) }), audit: "chat.send" }, sendMessage),
]);
