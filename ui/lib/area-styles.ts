// Each lazily loaded area of the UI brings its own stylesheet: the lists
// (components/lists.css), the personal centre (pages/centre/centre.css) and
// the staff pages (pages/admin/admin.css). scripts/build.ts builds them,
// minified with a content hash in the name, and passes their addresses in as
// __AREA_STYLES__; the base stylesheet (ui/styles.css) stays in index.html.
//
//   const CentrePage = lazy(withAreaStyles(["lists", "centre"], () => import("./pages/centre/centre-page")...));
//
// A page's loader resolves when both its chunk and its stylesheets are there,
// so React (Suspense) never draws it unstyled.

export type Area = keyof typeof __AREA_STYLES__;

/** Area name -> the built stylesheet's address ("/centre.<hash>.css"). */
export const AREA_STYLESHEETS: Readonly<Record<Area, string>> = __AREA_STYLES__;

const loading = new Map<Area, Promise<void>>();

/**
 * Links an area's stylesheet once (after those already in the document, so it
 * comes later in the cascade than the base) and resolves when it has loaded.
 * It resolves on an error too: a page drawn without its styles is better than
 * one that never opens. Asked again, it answers the same promise, never a
 * second link.
 */
export function loadAreaStyles(area: Area): Promise<void> {
  let done = loading.get(area);
  if (!done) {
    done = new Promise<void>((resolve) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = AREA_STYLESHEETS[area];
      link.dataset.area = area;
      link.addEventListener("load", () => resolve(), { once: true });
      link.addEventListener("error", () => resolve(), { once: true });
      document.head.appendChild(link);
    });
    loading.set(area, done);
  }
  return done;
}

/** A lazy page's loader that also waits for its areas' stylesheets (fetched alongside the chunk, linked in the order given). */
export function withAreaStyles<T>(areas: Area | readonly Area[], loader: () => Promise<T>): () => Promise<T> {
  const list: readonly Area[] = typeof areas === "string" ? [areas] : areas;
  return () => Promise.all([loader(), ...list.map(loadAreaStyles)]).then(([loaded]) => loaded);
}
