// One answer loaded per key, for the pages that read once and show it.
import { useEffect, useState } from "react";

/** Loads once per key; null while loading, false when the server had nothing for us. (Names are picked from the zh/en pairs, so a language switch needs no new load.) */
export function useLoaded<T>(load: () => Promise<T | false>, key: unknown[]): T | null | false {
  const [value, setValue] = useState<T | null | false>(null);
  useEffect(() => {
    let live = true;
    setValue(null);
    void load().then((v) => live && setValue(v));
    return () => {
      live = false;
    };
  }, key);
  return value;
}
