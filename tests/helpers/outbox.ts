// Reads the codes the built-in SMS and mail providers sent, as staff do:
// signed in as the administrator against a running test server.
import { nodeBackend } from "../../src/http/crypto-node";
import { ApiClient } from "../../src/protocol/client";
import { signIn } from "../../src/protocol/signin";
import { CAPTCHA, md5 } from "./app";

export async function outboxReader(url: string, account = "cn000001", password = "Union2026demo") {
  const client = new ApiClient({ baseUrl: url, backend: nodeBackend, appId: "union-portal-cli" });
  const answer = await signIn(client, { account, passwordMd5: md5(password), captcha: CAPTCHA });
  if (answer.message.code !== "SUCCESS") throw new Error(`${account} could not sign in: ${answer.message.code}`);
  /** The 6-digit code of the newest message sent to `to`. */
  return async (to: string): Promise<string> => {
    const page = await client.call<{ list: { to: string; text: string }[] }>("/system/outbox/list", { index: 1 });
    const sent = page.list?.find((m) => m.to === to);
    const code = sent && /\b(\d{6})\b/.exec(sent.text)?.[1];
    if (!code) throw new Error(`no code was sent to ${to}`);
    return code;
  };
}
