// The waiting list's calls (issue 20): members' own, each for themselves, and staff's read of a line.
import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { idField } from "../shared/fields";
import { activityLine, joinWaitlist, leaveWaitlist, myWaitlist, prepareJoin } from "./service";

const activityInput = t.Object({ activity: idField });

export const waitlistDomain = domain("waitlist", [
  query("/waitlist/mine", { access: "user", input: t.Object({}) }, myWaitlist),
  command(
    "/waitlist/join",
    { access: "user", input: activityInput, prepare: prepareJoin, audit: "waitlist.join", conflicts: { waitlist_member_idx: "ERROR_WAITLIST_ALREADY" } },
    joinWaitlist,
  ),
  command("/waitlist/leave", { access: "user", input: activityInput, audit: "waitlist.leave" }, leaveWaitlist),
  query("/waitlist/activity", { access: "FUNCTION_ACTIVITY_ORDER", input: activityInput }, activityLine),
]);
