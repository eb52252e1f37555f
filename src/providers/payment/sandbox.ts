// The embedded payment provider: no outside service. Its page (served by the
// payment domain at /pay/sandbox/<trade>) lets the payer confirm; the
// confirmation is sent as an HMAC-signed notification to
// /api/pay/notify/sandbox, the path a real provider's notification takes.
// Its refunds are done as they are asked for: no money ever moved. It keeps
// no record, so a refund whose request was lost (the instance died before
// asking) is "missing" when asked about, and is asked for again by staff.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../../config";
import type { PaymentProvider, ProviderNotice } from "./index";

export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";

/**
 * PAYMENT_SANDBOX_SECRET when set (it must be, when several instances share
 * a database: see src/config/index.ts); otherwise a random secret kept in DATA_DIR, so
 * a restart does not invalidate a payment page that is open on a phone.
 */
export function sandboxSecret(config: Config): string {
  if (config.payment.sandboxSecret) return config.payment.sandboxSecret;
  const file = join(config.dataDir, "payment-sandbox.secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const fresh = randomBytes(32).toString("hex");
  writeFileSync(file, fresh, { mode: 0o600 });
  chmodSync(file, 0o600);
  return fresh;
}

const sign = (secret: string, body: string): string => createHmac("sha256", secret).update(body).digest("hex");

export type SandboxNoticeBody = { trade: string; transactionId: string; amount: number; status: "SUCCESS" };

/** The notification the sandbox sends when the payer confirms: the body and its signature header. */
export function signedSandboxNotice(config: Config, notice: SandboxNoticeBody): { body: string; headers: Headers } {
  const body = JSON.stringify(notice);
  return { body, headers: new Headers({ "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: sign(sandboxSecret(config), body) }) };
}

export function sandboxProvider(config: Config): PaymentProvider {
  let secret: string | null = null;
  return {
    name: "sandbox",
    async create({ trade, origin }) {
      return { payUrl: `${origin}/pay/sandbox/${trade}`, providerTrade: `SBX${randomBytes(8).toString("hex").toUpperCase()}` };
    },
    async verify({ body, headers }): Promise<ProviderNotice | null> {
      const given = headers.get(SANDBOX_SIGNATURE_HEADER) ?? "";
      const expected = sign((secret ??= sandboxSecret(config)), body);
      if (!/^[0-9a-f]{64}$/.test(given) || !timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"))) return null;
      let parsed: Partial<SandboxNoticeBody>;
      try {
        parsed = JSON.parse(body) as Partial<SandboxNoticeBody>;
      } catch {
        return null;
      }
      const { trade, transactionId, amount, status } = parsed;
      if (status !== "SUCCESS" || typeof trade !== "string" || typeof transactionId !== "string" || !Number.isInteger(amount)) return null;
      return { kind: "paid", trade, transactionId, amount: amount! };
    },
    async refund({ refundNo }) {
      return { state: "refunded", providerRefund: `SBXR${refundNo.slice(-16)}` };
    },
    async queryRefund() {
      return { state: "missing" };
    },
    acknowledge: (outcome) =>
      new Response(JSON.stringify({ code: outcome === "accepted" ? "SUCCESS" : "FAIL" }), {
        status: outcome === "accepted" ? 200 : outcome === "refused" ? 400 : 500,
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      }),
  };
}
