// How a domain declares its calls: path, who may call it, the TypeBox schema
// of its payload, and the one verb it runs. src/app.ts turns these into
// Elysia plugins behind the envelope; the permission test walks them all.
import { type Static, type TSchema, t } from "elysia";
import type { Access } from "../protocol/powers";
import type { Ctx } from "./context";

export type RouteDef = {
  path: string;
  access: Access;
  body: TSchema;
  handler: (args: { ctx: Ctx; input: any }) => Promise<object | void> | object | void;
};

export function route<S extends TSchema>(
  path: string,
  opts: { access: Access; body?: S },
  handler: (args: { ctx: Ctx; input: Static<S> }) => Promise<object | void> | object | void,
): RouteDef {
  return { path, access: opts.access, body: opts.body ?? t.Object({}), handler };
}

export type Domain = { name: string; routes: RouteDef[] };

export const domain = (name: string, routes: RouteDef[]): Domain => ({ name, routes });
