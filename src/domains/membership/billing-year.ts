// The billing year (spec 3 section 5 "Membership fee"): a dues year starts on
// the configured month and day, in China time (UTC+8 all year), and is named
// by the calendar year it starts in. Pure: the caller gives `now`.

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Day 31 in a shorter month starts the year on that month's last day. */
const startDay = (year: number, month: number, day: number) => Math.min(day, new Date(Date.UTC(year, month, 0)).getUTCDate());

export function billingYear(config: { month: number; day: number }, now: Date): number {
  const china = new Date(now.getTime() + CHINA_OFFSET_MS);
  const year = china.getUTCFullYear();
  const month = china.getUTCMonth() + 1;
  const day = china.getUTCDate();
  const started = month > config.month || (month === config.month && day >= startDay(year, config.month, config.day));
  return started ? year : year - 1;
}

/** The instant billing year `year` starts: 00:00 China time on its configured day. */
export function billingYearStart(config: { month: number; day: number }, year: number): Date {
  return new Date(Date.UTC(year, config.month - 1, startDay(year, config.month, config.day)) - CHINA_OFFSET_MS);
}
