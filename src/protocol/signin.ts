// Signing in from a script or a test: fetch the image code, then check.
// The image code is read by a person in the browser; a script can only sign
// in against a server started with CAPTCHA_FIXED, and sends that value.
import type { ApiClient } from "./client";
import type { Answer } from "./result";

export async function signIn(
  client: ApiClient,
  opts: { account: string; passwordMd5: string; captcha: string },
): Promise<Answer<{ user: { id: number } }>> {
  const image = await client.get("/system/random");
  await image.arrayBuffer();
  return client.call("/client/login/check", { account: opts.account, password: opts.passwordMd5, auth: opts.captcha });
}
