// Whether the portal can be reached (docs/decisions.md 99): the browser's own
// online/offline, and what the API client saw last (a fetch that failed makes
// it unreachable; any answer from the server, even a refusal, reachable). The
// offline banner, the kept lists and the actions that need the server read it.
import { proxy } from "valtio";

export const network = proxy({
  /** The browser says it has no network. */
  offline: typeof navigator !== "undefined" && navigator.onLine === false,
  /** The last API request failed to reach the server. */
  unreachable: false,
});

/** Offline for the member's purposes: nothing the server answers can be had now. */
export const isOffline = (): boolean => network.offline || network.unreachable;

export const markReachable = () => {
  if (network.unreachable) network.unreachable = false;
};
export const markUnreachable = () => {
  if (!network.unreachable) network.unreachable = true;
};

if (typeof window !== "undefined") {
  window.addEventListener("offline", () => {
    network.offline = true;
  });
  window.addEventListener("online", () => {
    network.offline = false;
    // Back online: the next call says whether the server answers.
    network.unreachable = false;
  });
}
