// Every domain's calls, in one list: the app mounts them and the permission test walks them.
import { accountDomain } from "./account/routes";
import { addressDomain } from "./address/routes";
import { familyDomain } from "./family/routes";
import { membershipDomain } from "./membership/routes";
import { pointsDomain } from "./points/routes";
import { visitDomain } from "./visit/routes";
import { activationDomain } from "./activation/routes";
import { authDomain } from "./auth/routes";
import { outboxDomain } from "./outbox/routes";
import { propertyDomain } from "./property/routes";
import { securityDomain } from "./security/routes";
import { systemDomain } from "./system/routes";

export const DOMAINS = [systemDomain, authDomain, accountDomain, propertyDomain, activationDomain, securityDomain, outboxDomain, addressDomain, familyDomain, pointsDomain, membershipDomain, visitDomain];
