// A provider's callback (the `notify` kind): read and verified outside any
// transaction (a real provider's check may call out for its certificates),
// applied through the runner like every other write, with its audit row, and
// acknowledged the way the provider expects.
import type { Ctx } from "../domains/context";
import { log } from "../log";
import { ProtocolError } from "./envelope";
import type { RouteDef } from "./kit";
import type { Runner } from "./runner";
import { readBody } from "./transport";

export async function handleNotify(runner: Runner, def: RouteDef, request: Request, ctx: Ctx, limit: number): Promise<Response> {
  let body: string;
  try {
    body = new TextDecoder().decode(await readBody(request, limit));
  } catch (error) {
    if (error instanceof ProtocolError) return def.answer!(ctx, "refused");
    throw error;
  }
  const notice = await def.read!({ ctx, raw: { body, headers: request.headers } });
  if (notice === null) return def.answer!(ctx, "refused");
  try {
    const { accepted } = await runner.run({
      ctx,
      name: def.path,
      audit: def.audit ? { action: def.audit, row: "when named" } : undefined,
      verb: (c) => def.handler({ ctx: c, input: notice }) as Promise<{ accepted: boolean }>,
    });
    return def.answer!(ctx, accepted ? "accepted" : "refused");
  } catch (error) {
    // Verified but not applied (the database is busy or gone): the provider is told to send it again.
    log.error("notification could not be applied; the provider will send it again", { route: def.path, error });
    return def.answer!(ctx, "failed");
  }
}
