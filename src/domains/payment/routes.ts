// The payment calls outside the envelope: a provider's notification, and the
// sandbox provider's own small pages (opened on a phone from the QR code, or
// in a browser tab from the link).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Elysia } from "elysia";
import { payments } from "../../db/schema";
import type { Deps } from "../../http/context";
import { providersOf } from "../../providers";
import { signedSandboxNotice } from "../../providers/payment/sandbox";
import { PAY_STATE } from "../../protocol/types";
import { PAYMENT_KINDS } from "./kinds";
import { type SandboxState, sandboxPage } from "./sandbox-page";
import { settlePayment } from "./settle";

/** Notifications are small; anything bigger is not one. */
const MAX_NOTICE_BYTES = 16_384;

export function paymentRoutes(deps: Deps) {
  const { db } = deps.database;
  const provider = providersOf(deps).payment;

  /** The one path every notification takes, the sandbox's included. */
  async function notify(request: Request): Promise<Response> {
    const body = await request.text();
    if (body.length > MAX_NOTICE_BYTES) return provider.acknowledge(false);
    const notice = await provider.verify({ body, headers: request.headers });
    if (!notice) return provider.acknowledge(false);
    const result = await settlePayment(db, deps.clock(), provider.name, notice);
    return provider.acknowledge(result !== "refused");
  }

  async function sandboxState(trade: string): Promise<{ state: SandboxState; payment: typeof payments.$inferSelect | null }> {
    const [payment] = await db.select().from(payments).where(eq(payments.trade, trade));
    if (!payment || payment.provider !== "sandbox") return { state: "unknown", payment: null };
    if (payment.state === PAY_STATE.PAY_STATE_SUCCESS) return { state: "paid", payment };
    if (payment.state !== PAY_STATE.PAY_STATE_WAIT || payment.expiresAt.getTime() <= deps.clock().getTime()) return { state: "closed", payment };
    return { state: "open", payment };
  }

  async function render(trade: string, lang: string | undefined, cancelled: boolean) {
    const { state, payment } = await sandboxState(trade);
    const subject = payment ? await PAYMENT_KINDS[payment.kind]?.describe(db, payment.refId) : null;
    return sandboxPage({
      state: state === "open" && cancelled ? "cancelled" : state,
      trade,
      amount: payment?.amount ?? 0,
      subject: subject ?? { zh: payment?.subject ?? "", en: payment?.subject ?? "" },
      lang: lang === "zh" || lang === "en" ? lang : null,
    });
  }

  const isTrade = (trade: string) => /^[A-Z]{1,4}\d{14}[0-9A-F]{16}$/.test(trade);

  return new Elysia({ name: "payment" })
    .post(`/api/pay/notify/${provider.name}`, ({ request }) => notify(request), { parse: "none" })
    .get("/pay/sandbox/:trade", ({ params, query }) =>
      isTrade(params.trade) ? render(params.trade, query.lang, query.cancelled === "1") : sandboxPage({ state: "unknown", trade: "", amount: 0, subject: { zh: "", en: "" }, lang: null }),
    )
    .post(
      "/pay/sandbox/:trade/confirm",
      async ({ params, query }) => {
        const lang = query.lang === "zh" || query.lang === "en" ? `&lang=${query.lang}` : "";
        if (!isTrade(params.trade)) return render("", undefined, false);
        const { state, payment } = await sandboxState(params.trade);
        if (state === "open" && payment) {
          // The sandbox plays the provider: it signs the notice with its secret and sends it down the notify path.
          const notice = signedSandboxNotice(deps.config, {
            trade: payment.trade,
            transactionId: `SBXT${randomBytes(10).toString("hex").toUpperCase()}`,
            amount: payment.amount,
            status: "SUCCESS",
          });
          await notify(new Request(`http://localhost/api/pay/notify/sandbox`, { method: "POST", headers: notice.headers, body: notice.body }));
        }
        return new Response(null, { status: 303, headers: { location: `/pay/sandbox/${params.trade}?done=1${lang}`, "cache-control": "no-store" } });
      },
      { parse: "none" },
    );
}
