// Clients of servers a test started as processes (tests/helpers/server.ts),
// over real HTTP, on the servers' clock (testNow). A session can be carried
// from one client to another (`session`), so a test can send the calls of
// one signed-in member to whichever instance it wants.
import { DEMO_PASSWORD } from "../../src/db/seed";
import { nodeBackend } from "../../src/http/crypto-node";
import { ApiClient, type SavedSession } from "../../src/protocol/client";
import { passwordDigest } from "../../src/protocol/password";
import { signIn } from "../../src/protocol/signin";
import { testNow } from "./clock";

export type Answer = { message: { id: number; code: string; params?: Record<string, unknown> } } & Record<string, any>;

export type Remote = ApiClient & { session(): SavedSession };

/**
 * A client of `baseUrl`, starting from `session` when given (another client's);
 * `movedMs` keeps its stamps on servers whose shared clock the test moved on (movableClock).
 */
export function remote(baseUrl: string, opts: { session?: SavedSession; fetch?: typeof fetch; movedMs?: () => number } = {}): Remote {
  let saved: SavedSession | null = opts.session ?? null;
  const client = new ApiClient({
    baseUrl,
    backend: nodeBackend,
    appId: "union-portal-cli",
    now: () => testNow().getTime() + (opts.movedMs?.() ?? 0),
    fetch: opts.fetch,
    store: { load: () => saved, save: (s) => (saved = s) },
  }) as Remote;
  client.session = () => {
    if (!saved) throw new Error("no session yet");
    return saved;
  };
  return client;
}

/** A client of `baseUrl` signed in as `account` (the servers run with CAPTCHA_FIXED=ABC123). */
export async function signedIn(baseUrl: string, account: string, password = DEMO_PASSWORD): Promise<Remote> {
  const client = remote(baseUrl);
  const answer = await signIn(client, { account, passwordMd5: passwordDigest(password), captcha: "ABC123" });
  if (answer.message.code !== "SUCCESS") throw new Error(`sign-in as ${account} failed: ${answer.message.code}`);
  return client;
}

/** A proxy on loopback sending each request to the next upstream in turn, as a load balancer would. */
export function roundRobin(upstreams: string[]) {
  let next = 0;
  const served = upstreams.map(() => 0);
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const i = next++ % upstreams.length;
      served[i]!++;
      const { pathname, search } = new URL(request.url);
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      const headers = new Headers(request.headers);
      headers.delete("host");
      // The upstream's bytes as they came (a compressed image code stays compressed, with its content-encoding), as a balancer passes them.
      return fetch(`${upstreams[i]}${pathname}${search}`, { method: request.method, headers, body, redirect: "manual", decompress: false });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, served, stop: () => server.stop(true) };
}
