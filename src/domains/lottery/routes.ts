// The lottery's calls (issue 32, decision 138): members apply, withdraw and
// confirm for themselves, and read a published draw; staff with the
// lottery's power read the lotteries and each draw.
import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { activityInput, apply, applyInput, confirm, confirmCommand, prepareApply, withdraw } from "./apply";
import { drawInput, drawView, listLotteries, publishedDraw } from "./views";

const LOTTERY = "FUNCTION_ACTIVITY_LOTTERY";

export const lotteryDomain = domain("lottery", [
  command("/lottery/apply", { access: "user", input: applyInput, prepare: prepareApply, audit: "lottery.apply", conflicts: { lottery_entries_member_idx: "ERROR_LOTTERY_ALREADY" } }, apply),
  command("/lottery/withdraw", { access: "user", input: activityInput, audit: "lottery.withdraw" }, withdraw),
  command("/lottery/confirm", { access: "user", ...confirmCommand }, confirm),
  query("/lottery/published", { access: "user", input: activityInput }, publishedDraw),
  query("/lottery/list", { access: LOTTERY, input: t.Object({}) }, listLotteries),
  query("/lottery/draw", { access: LOTTERY, input: drawInput }, drawView),
]);
