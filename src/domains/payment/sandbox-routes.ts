// The sandbox provider's own small pages (opened on a phone from the QR code,
// or in a browser tab from the link). A real provider hosts these itself, so
// they are not API calls: plain HTML outside /api, mounted only while the
// sandbox is the configured provider. Confirming sends a signed notification
// down the very notify route a real provider's request takes.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Elysia } from "elysia";
import { payments } from "../../db/schema";
import { signedSandboxNotice } from "../../providers/payment/sandbox";
import { PAY_STATE } from "../../protocol/enumerations";
import type { AppState, Deps } from "../context";
import { type SandboxState, sandboxPage } from "./sandbox-page";

const isTrade = (trade: string) => /^[A-Z]{1,4}\d{14}[0-9A-F]{16}$/.test(trade);

export function sandboxPages(deps: Deps, app: AppState, handle: (request: Request) => Promise<Response>) {
  const { db } = deps.database;

  async function sandboxState(trade: string): Promise<{ state: SandboxState; payment: typeof payments.$inferSelect | null }> {
    const [payment] = await db.select().from(payments).where(eq(payments.trade, trade));
    if (!payment || payment.provider !== "sandbox") return { state: "unknown", payment: null };
    if (payment.state === PAY_STATE.PAY_STATE_SUCCESS) return { state: "paid", payment };
    if (payment.state !== PAY_STATE.PAY_STATE_WAIT || payment.expiresAt.getTime() <= deps.clock().getTime()) return { state: "closed", payment };
    return { state: "open", payment };
  }

  async function render(trade: string, lang: string | undefined, cancelled: boolean) {
    const { state, payment } = await sandboxState(trade);
    const subject = payment ? (await app.paymentKinds.get(payment.kind)?.describe({ db }, [payment.refId]))?.get(payment.refId) : null;
    return sandboxPage({
      state: state === "open" && cancelled ? "cancelled" : state,
      trade,
      amount: payment?.amount ?? 0,
      subject: subject ?? { zh: payment?.subject ?? "", en: payment?.subject ?? "" },
      lang: lang === "zh" || lang === "en" ? lang : null,
    });
  }

  return new Elysia({ name: "payment-sandbox" })
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
          // The sandbox plays the provider: it signs the notice with its secret and sends it down the notify route.
          const notice = signedSandboxNotice(deps.config, {
            trade: payment.trade,
            transactionId: `SBXT${randomBytes(10).toString("hex").toUpperCase()}`,
            amount: payment.amount,
            status: "SUCCESS",
          });
          await handle(new Request("http://localhost/api/pay/notify/sandbox", { method: "POST", headers: notice.headers, body: notice.body }));
        }
        return new Response(null, { status: 303, headers: { location: `/pay/sandbox/${params.trade}?done=1${lang}`, "cache-control": "no-store" } });
      },
      { parse: "none" },
    );
}
