// The texts of the sign-in page's windows (activation, password reset): the
// activation area's and the centre's (their profile and password fields),
// added when either window's chunk loads, for this effect.
import { addTexts } from ".";
import activation from "./areas/activation";
import centre from "./areas/centre";

addTexts({ zh: { activation: activation.zh, centre: centre.zh }, en: { activation: activation.en, centre: centre.en } });
