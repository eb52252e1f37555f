// The texts of what follows a sign-up (issue 20): the waiting list and the
// calendar, added when a chunk showing them loads (the activity pages' and
// the centre's), for this effect. They stay out of ./member-texts.ts, which
// every signed-in page loads first.
import { addTexts } from ".";
import calendar from "./areas/calendar";
import waitlist from "./areas/waitlist";

addTexts({ zh: { calendar: calendar.zh, waitlist: waitlist.zh }, en: { calendar: calendar.en, waitlist: waitlist.en } });
