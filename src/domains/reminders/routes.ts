// Reminders' calls (issue 32 item 2): a member's own choices, and staff's view of what is scheduled and sent.
import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { mySettings, saveSettings, settingsInput } from "./settings";
import { overviewInput, remindersOverview } from "./staff";

export const remindersDomain = domain("reminders", [
  query("/user/reminders", { access: "user", input: t.Object({}) }, mySettings),
  command("/user/reminders/save", { access: "user", input: settingsInput, audit: "reminders.settings" }, saveSettings),
  query("/reminders/overview", { access: "FUNCTION_REMINDERS", input: overviewInput }, remindersOverview),
]);
