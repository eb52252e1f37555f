// The texts of what follows a sign-up (issue 20): the waiting list, the
// calendar and the lottery (issue 32), added when a chunk showing them loads
// (the activity pages' and the centre's), for this effect. They stay out of
// ./member-texts.ts, which every signed-in page loads first.
import { addTexts } from ".";
import calendar from "./areas/calendar";
import lottery from "./areas/lottery";
import waitlist from "./areas/waitlist";

addTexts({ zh: { calendar: calendar.zh, lottery: lottery.zh, waitlist: waitlist.zh }, en: { calendar: calendar.en, lottery: lottery.en, waitlist: waitlist.en } });
