// Every domain's calls, in one list: the app mounts them and the permission test walks them.
import { accountDomain } from "./account/routes";
import { authDomain } from "./auth/routes";
import { propertyDomain } from "./property/routes";
import { systemDomain } from "./system/routes";

export const DOMAINS = [systemDomain, authDomain, accountDomain, propertyDomain];
