// The staff's lotteries page (issue 32, ui/lib/route-table.ts "lottery"):
// the list, or one activity's draw (?activity=). Kept apart so the editor's
// tools and windows link to it without loading the page.
export const LOTTERY_PATH = "/activity/lottery";

export const lotteryHref = (activity?: number) => (activity ? `${LOTTERY_PATH}?activity=${activity}` : LOTTERY_PATH);
