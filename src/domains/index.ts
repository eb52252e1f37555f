// Every domain's calls, in one list: the app mounts them and the permission
// and malformed-body walks in tests/api go through them all.
import type { RouteDef } from "../http/kit";
import { accountDomain } from "./account/routes";
import { activationDomain } from "./activation/routes";
import { activityDomain } from "./activity/routes";
import { activityEditorDomain } from "./activity/editor-routes";
import { addressDomain } from "./address/routes";
import { announcementDomain } from "./announcement/routes";
import { authDomain } from "./auth/routes";
import { bannerDomain } from "./banner/routes";
import { cardDomain } from "./card/routes";
import { cartDomain } from "./cart/routes";
import { chatDomain } from "./chat/routes";
import { checkInDomain } from "./checkin/routes";
import { dashboardDomain } from "./dashboard/routes";
import { logsDomain } from "./logs/routes";
import { familyDomain } from "./family/routes";
import { fileDomain } from "./file/routes";
import { memberImportDomain } from "./member-admin/import-routes";
import { memberAdminDomain } from "./member-admin/routes";
import { membershipDomain } from "./membership/routes";
import { newsDomain } from "./news/routes";
import { orderDomain } from "./order/routes";
import { orderAdminDomain } from "./order/admin-routes";
import { outboxDomain } from "./outbox/routes";
import { paymentDomain } from "./payment/routes";
import { pointsDomain } from "./points/routes";
import { privacyDomain } from "./privacy/routes";
import { secondFactorDomain } from "./second-factor/routes";
import { propertyDomain } from "./property/routes";
import { questionnaireDomain } from "./questionnaire/routes";
import { securityDomain } from "./security/routes";
import { calendarDomain } from "./calendar/routes";
import { smsDomain } from "./sms/routes";
import { staffJobsDomain } from "./staff-jobs/routes";
import { systemDomain } from "./system/routes";
import { videoDomain } from "./video/routes";
import { visitDomain } from "./visit/routes";
import { waitlistDomain } from "./waitlist/routes";
import { lotteryDomain } from "./lottery/routes";
import { remindersDomain } from "./reminders/routes";
import { joiningDomain } from "./joining/routes";
import { surveysDomain } from "./surveys/routes";

export const DOMAINS = [
  systemDomain,
  authDomain,
  accountDomain,
  propertyDomain,
  activationDomain,
  securityDomain,
  privacyDomain,
  secondFactorDomain,
  calendarDomain,
  outboxDomain,
  addressDomain,
  familyDomain,
  pointsDomain,
  membershipDomain,
  cardDomain,
  visitDomain,
  paymentDomain,
  fileDomain,
  activityDomain,
  questionnaireDomain,
  activityEditorDomain,
  orderDomain,
  waitlistDomain,
  lotteryDomain,
  remindersDomain,
  joiningDomain,
  surveysDomain,
  orderAdminDomain,
  checkInDomain,
  cartDomain,
  videoDomain,
  bannerDomain,
  announcementDomain,
  newsDomain,
  chatDomain,
  memberAdminDomain,
  memberImportDomain,
  dashboardDomain,
  smsDomain,
  logsDomain,
  staffJobsDomain,
];

/** Every route of every domain, for the walks over the whole table. */
export const ROUTES: readonly RouteDef<string, any, any>[] = DOMAINS.flatMap((d): readonly RouteDef<string, any, any>[] => d.routes);
