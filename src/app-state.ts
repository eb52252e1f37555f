// The app's in-memory state, made once per app at start and passed in
// (ARCHITECTURE section 5): never module-level maps keyed on the settings.
import type { AppState, Deps } from "./domains/context";
import { passwordWork } from "./domains/auth/password";
import { exportListJob } from "./domains/member-admin/exports";
import { MEMBER_IMPORT_JOBS } from "./domains/member-admin/import-routes";
import { duesPayment } from "./domains/membership/dues-payment";
import { feeExportJob } from "./domains/membership/fee-export";
import { orderPayment } from "./domains/order/lifecycle";
import { sessionsStaleSignal } from "./domains/shared/sessions";
import { signConfigCache, soldOutMemory } from "./domains/signup";
import { loadCodeSecret } from "./domains/shared/signed-codes";
import { jobKindsOf } from "./domains/staff-jobs/kit";
import { entrySecret } from "./domains/system/entry-key";
import { createAdmission } from "./http/admission";
import { createRunner } from "./http/runner";
import { configuredProviders } from "./providers";

export function createAppState(deps: Pick<Deps, "database" | "config" | "providers" | "hooks"> & { clock?: Deps["clock"] }): AppState {
  let secret: string | null = null;
  let codeSecret: Promise<Uint8Array> | null = null;
  const clock = deps.clock ?? (() => new Date());
  return {
    providers: { ...configuredProviders(deps.config), ...deps.providers },
    soldOut: soldOutMemory(deps.database),
    signConfig: signConfigCache(),
    paymentKinds: new Map([
      ["dues", duesPayment],
      ["order", orderPayment],
    ]),
    drawn: new Map(),
    entrySecret: () => (secret ??= entrySecret(deps.config)),
    codeSecret: () =>
      (codeSecret ??= loadCodeSecret(deps.database, clock).catch((error) => {
        codeSecret = null; // a database that failed once is asked again next time
        throw error;
      })),
    runner: createRunner(deps.database.db),
    admission: createAdmission(deps.config.admission),
    hooks: deps.hooks ?? {},
    clock,
    passwords: passwordWork(deps.config.passwords, clock),
    staffJobs: new Map(),
    jobKinds: jobKindsOf([...Object.values(MEMBER_IMPORT_JOBS), exportListJob, feeExportJob]),
    sessionsStale: sessionsStaleSignal(),
  };
}
