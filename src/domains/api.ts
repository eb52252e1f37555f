// The route table as types, for the typed client: `Api["/member/pay"]` is
// that call's input and answer, read from the schemas and verbs themselves,
// so no interface is written twice. Type-only: the browser imports nothing
// of the server from here.
import type { RouteDef } from "../http/kit";
import type { DOMAINS } from "./index";

type Routes = (typeof DOMAINS)[number]["routes"][number];

export type Api = { [R in Routes as R["path"]]: R extends RouteDef<string, infer I, infer A> ? { input: I; answer: A } : never };

export type ApiPath = keyof Api;
/** What a call takes. */
export type InputOf<P extends ApiPath> = Api[P]["input"];
/** What a call answers on success, beside its message. */
export type AnswerOf<P extends ApiPath> = Api[P]["answer"];
/** One element of a list a call answers (`list`, unless named). */
export type ItemOf<P extends ApiPath, K extends string = "list"> = AnswerOf<P> extends { [k in K]: readonly (infer E)[] } ? E : never;
