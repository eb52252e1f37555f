// Where a banner leads (spec 2 section 3): a jump kind and one parameter,
// resolved for the web (a route of the portal) and for the mobile app (its
// page names). The parameter is named "id" everywhere but the mobile
// module page, which calls it "module".
import { JUMP_KIND } from "../../protocol/enumerations";

type Target = { web: { page: string; path: string; name: string }; mobile: { page: string; name: string } };

export const JUMP_TARGETS: Record<number, Target> = {
  [JUMP_KIND.MARKET_LIST]: { web: { page: "marketIndex", path: "/market", name: "id" }, mobile: { page: "marketList", name: "id" } },
  [JUMP_KIND.MODULE_INFO]: { web: { page: "activityModule", path: "/activity/module", name: "id" }, mobile: { page: "module", name: "module" } },
  [JUMP_KIND.MARKET_INFO]: { web: { page: "marketInfo", path: "/market/info", name: "id" }, mobile: { page: "marketInfo", name: "id" } },
  [JUMP_KIND.ACTIVITY_INFO]: { web: { page: "activityInfo", path: "/activity/info", name: "id" }, mobile: { page: "activityInfo", name: "id" } },
  [JUMP_KIND.CONTENT_INFO]: { web: { page: "newsInfo", path: "/news/info", name: "id" }, mobile: { page: "contentInfo", name: "id" } },
};

/** The web address a banner opens, or null when it has no target. */
export function webPathOf(jump: number | null, param: string | null): string | null {
  const target = jump === null ? undefined : JUMP_TARGETS[jump];
  if (!target || !param) return null;
  return `${target.web.path}?${target.web.name}=${encodeURIComponent(param)}`;
}

/** Spec 2's `params`: the key, and the page with its one named parameter for mobile and web. */
export function paramsOf(jump: number | null, param: string | null) {
  const target = jump === null ? undefined : JUMP_TARGETS[jump];
  if (!target || !param) return null;
  return {
    key: jump,
    mobile: { page: target.mobile.page, params: { [target.mobile.name]: param } },
    web: { page: target.web.page, path: webPathOf(jump, param), params: { [target.web.name]: param } },
  };
}
