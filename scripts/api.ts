// Command-line client on the same protocol module as the browser:
//   bun scripts/api.ts [--url URL] [--as ACCOUNT --password PASSWORD] PATH [JSON]
// Prints the decrypted answer as JSON; exits 0 when message.id is SUCCESS.
// Signing in needs a server started with CAPTCHA_FIXED, and the same value here.
import { nodeBackend } from "../src/http/crypto-node";
import { ApiClient } from "../src/protocol/client";
import { passwordDigest } from "../src/protocol/password";
import { isSuccess } from "../src/protocol/result";
import { signIn } from "../src/protocol/signin";

const USAGE = "usage: bun scripts/api.ts [--url URL] [--as ACCOUNT --password PASSWORD] PATH [JSON]";

function parseArgs(argv: string[]) {
  const opts: { url: string; as?: string; password?: string; path?: string; json?: string } = {
    url: process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--url") opts.url = argv[++i] ?? "";
    else if (arg === "--as") opts.as = argv[++i];
    else if (arg === "--password") opts.password = argv[++i];
    else if (arg === "-h" || arg === "--help") {
      console.log(USAGE);
      process.exit(0);
    } else if (!opts.path) opts.path = arg;
    else if (opts.json === undefined) opts.json = arg;
    else throw new Error(`unexpected argument "${arg}"`);
  }
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!opts.path || !opts.path.startsWith("/")) throw new Error(`PATH must start with "/"\n${USAGE}`);
  let payload: unknown = {};
  if (opts.json !== undefined) {
    try {
      payload = JSON.parse(opts.json);
    } catch {
      throw new Error(`JSON is not valid JSON: ${opts.json}`);
    }
  }
  const client = new ApiClient({ baseUrl: opts.url.replace(/\/$/, ""), backend: nodeBackend, appId: "union-portal-cli" });
  if (opts.as) {
    const captcha = process.env.CAPTCHA_FIXED;
    if (!captcha) throw new Error("--as needs CAPTCHA_FIXED set to the value the server was started with");
    const password = opts.password ?? process.env.API_PASSWORD;
    if (!password) throw new Error("--as needs --password (or API_PASSWORD)");
    const answer = await signIn(client, {
      account: opts.as,
      passwordMd5: passwordDigest(password),
      captcha,
    });
    if (!isSuccess(answer)) {
      console.log(JSON.stringify(answer, null, 2));
      process.exit(1);
    }
  }
  const answer = await client.call(opts.path, payload);
  console.log(JSON.stringify(answer, null, 2));
  process.exit(isSuccess(answer) ? 0 : 1);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(2);
});
