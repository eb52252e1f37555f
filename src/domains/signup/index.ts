// Sign-up: the one door. Activities (the catalogue), orders and the trolley
// reach sign-up only through this file.
//
// The rules of spec 2 section 4, in the order the spec gives them, each a
// pure function with `now` passed in (tests/unit/signup/ tests each):
//   visibility.ts     activity state: who sees an activity, and when
//   conditions.ts     the "show" and "sign" conditions of activity, team, module
//   cycle.ts          periodic activities: which cycle `now` falls in
//   eligibility.ts    the sign-up outcomes (success, no permission, not
//                     started, ended, finished, full, points insufficient)
//   questionnaire.ts  the quiz: drawing, option stock, answers, scoring
//   family.ts         family members against the relationship rules
//   charge.ts         points deduction and the payment window
// What reads the database to feed them:
//   loaded.ts         the activity with its team, module, conditions,
//                     questions and properties
//   config.ts         an instance's cache of them, checked against the
//                     version the database bumps on every change
//   standing.ts       the member, their holdings, the places left, the outcome
//   draft.ts          a draft checked against every rule that only reads
// What writes:
//   writer.ts         a batch of orders (one order alone is a batch of one),
//                     set-based, each order judged alone, all or nothing
//   places.ts         places and stock locked, judged, taken and given back,
//                     in one lock order
//   queue.ts          the per-activity write queue, its batch writer and the
//                     seat conflicts
//   sold-out.ts       an instance's memory of sold-out activities
//   sign-up.ts        /order/sign: prepare, write, pay link
//   waitlist.ts       the waiting list's held offers: made when places free,
//                     consumed by the offer's sign-up, expired by a job
//
// Where a new rule goes:
//   a rule that only reads (who may sign up, what the form must hold): a pure
//     function in its own file (or the file of its kind above), tested alone
//     in tests/unit/signup/, and called from checkDraft (./draft.ts) at its
//     place in the spec's order, refusing with its result code;
//   a rule about places (a new counter, a new cap): a field of Claim and its
//     conditional update in ./places.ts, in the one lock order, judged in
//     memory in ./writer.ts as the others are, and given back in giveAllBack.
export { type Charge, chargeOf, PAY_WINDOW_MS } from "./charge";
export { allMet, type Condition, type Member, meets, type MemberValues } from "./conditions";
export { type SignConfig, type SignConfigCache, signConfigCache } from "./config";
export { cycleEnd, cycleOf, cycleStartOf } from "./cycle";
export { addressOf, checkDraft, type CheckedDraft } from "./draft";
export { left, type Outcome, outcomeOf, smallest } from "./eligibility";
export { placeFamily, type Rule } from "./family";
export { type DraftInput, type SignInput, signInput } from "./input";
export { activityPropertiesOf, type ActivityRow, loadActivity, type Loaded, type ModuleRow, quizItemsOf, type TeamRow } from "./loaded";
export { type Claim, giveAllBack, takeAll } from "./places";
export { drawQuestions, isChoice, optionState, shownQuestions, visibleTo } from "./questionnaire";
export { activityQueue, orderWriter, seatConflicts } from "./queue";
export { type PreparedSign, prepareSign, signAnswer, signPlan, signUp, signUpCommand, withPayLink } from "./sign-up";
export { placesReturned, type SoldOutMemory, soldOutMemory } from "./sold-out";
export { heldBy, memberOf, memberStanding, standingOf } from "./standing";
export { visible } from "./visibility";
export { chinaMinute, expireOffers, type Freed, freedOf, type LineCtx, releaseHeld, serveLine } from "./waitlist";
export { type OrderPlan, type Placed, placeOrder, placeOrders, type Unit } from "./writer";
