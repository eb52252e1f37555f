// Installing on a phone (docs/decisions.md 99), from the entry and kept small:
// the service worker registered once the page has loaded (never competing
// with the first screen), told which built files the page loaded before it
// was in control so it keeps them too, and the manifest link in the member's
// language.
import { manifestHref } from "./manifest-href";

/** Same-origin files this page has loaded: the worker keeps those that are this build's hashed files. */
function loadedFiles(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/`));
}

export function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  const tell = () => container.controller?.postMessage({ keep: loadedFiles() });
  const register = () => {
    container.register("/sw.js", { scope: "/" }).catch((error) => console.error(error));
    // The first worker takes control of this page (clients.claim): the files loaded before are named to it then.
    container.addEventListener("controllerchange", tell);
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Points the page's manifest link at the member's language: an install names the app in it. */
export function syncManifest(language: "zh" | "en") {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link && link.getAttribute("href") !== manifestHref(language)) link.setAttribute("href", manifestHref(language));
}
