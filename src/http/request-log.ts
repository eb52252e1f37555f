// One JSON line per request, written after the answer has gone: a request id
// (the proxy's X-Request-Id when it sent a plain one, else a fresh one, and
// echoed in the answer's header), the route as declared (its pattern, never
// the URL: a signed call's query carries the session's token id), the
// status, the duration and the acting member's id. No body, header or
// address is written.
import { Elysia } from "elysia";
import { serverCollector } from "../idle-gc";
import { log, logs } from "../log";

type Note = { id: string; start: number; actor: number | null };
const notes = new WeakMap<Request, Note>();

/** The route kit names who acted once the envelope has opened the call. */
export function noteActor(request: Request, actorId: number | null) {
  const note = notes.get(request);
  if (note) note.actor = actorId;
}

const PLAIN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestLog() {
  return new Elysia({ name: "request-log" })
    .onRequest(({ request, set }) => {
      serverCollector.noteRequest();
      const incoming = request.headers.get("x-request-id");
      const id = incoming && PLAIN_ID.test(incoming) ? incoming : crypto.randomUUID();
      notes.set(request, { id, start: performance.now(), actor: null });
      set.headers["x-request-id"] = id;
    })
    .onAfterResponse({ as: "global" }, ({ request, route, set, responseValue }) => {
      const note = notes.get(request);
      if (!note || !logs("info")) return;
      const status = responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200;
      log.info("request", {
        id: note.id,
        method: request.method,
        route: route || "(none)",
        status,
        ms: Math.round((performance.now() - note.start) * 10) / 10,
        actor: note.actor,
      });
    });
}
