// Footer and sign-in tips from POST /system/site: copyright, filing number
// (chosen by the server from the host name) and the support contact.
import { proxy } from "valtio";
import type { AnswerOf } from "../../src/domains/api";
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";

export type SiteInfo = AnswerOf<"/system/site">;

export const site = proxy({ info: null as SiteInfo | null });

let loading: Promise<void> | null = null;

/** Loads the site information once per page load; a failure leaves it empty and lets a later call retry. */
export function loadSite(): Promise<void> {
  if (site.info) return Promise.resolve();
  loading ??= api
    .call("/system/site")
    .then((answer) => {
      if (isSuccess(answer)) {
        const { message: _, ...info } = answer;
        site.info = info as SiteInfo;
      }
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}
