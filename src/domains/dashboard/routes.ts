import { Type as t } from "@sinclair/typebox";
import { domain, query } from "../../http/kit";
import { pageIndex } from "../shared/fields";
import { activityCount, activityList, activityNow } from "./activities";
import { activeCounts, ageCounts, birthdayCounts, childCounts, membershipCounts, sexCounts } from "./members";

// The system page's dashboard (spec 3 sections 2.5 and 7 "Dashboard and mailbox").
const access = "FUNCTION_SYSTEM_PAGE";
export const dashboardDomain = domain("dashboard", [
  query("/system/find/active", { access }, activeCounts),
  query("/system/find/age", { access }, ageCounts),
  query("/system/find/sex", { access }, sexCounts),
  query("/system/find/member", { access }, membershipCounts),
  query("/system/find/child", { access }, childCounts),
  query("/system/find/birthday", { access }, birthdayCounts),
  query("/system/find/activity/count", { access }, activityCount),
  query("/system/find/activity/list", { access, input: t.Object({ index: pageIndex }) }, activityList),
  query("/system/find/activity/now", { access }, activityNow),
]);
