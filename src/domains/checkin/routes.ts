// Check-in at the door (issue 20 item 2): the staff page's calls, each behind FUNCTION_ACTIVITY_CHECK_IN.
import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { idField } from "../shared/fields";
import { checkInActivities, checkInCounts, readScan, scanInput, scanTicket } from "./service";

const CHECK_IN = "FUNCTION_ACTIVITY_CHECK_IN";

export const checkInDomain = domain("checkin", [
  query("/checkin/activities", { access: CHECK_IN }, checkInActivities),
  query("/checkin/counts", { access: CHECK_IN, input: t.Object({ activity: idField }) }, checkInCounts),
  command(
    "/checkin/scan",
    {
      access: CHECK_IN,
      input: scanInput,
      prepare: readScan,
      audit: "order.checkin",
    },
    scanTicket,
  ),
]);
