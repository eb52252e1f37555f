// Browser modules that reach the session store read localStorage on load; unit
// tests run them in Bun, which has none: this puts an in-memory one in place.
export function stubLocalStorage(): void {
  const memory = new Map<string, string>();
  globalThis.localStorage ??= {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
    removeItem: (k: string) => void memory.delete(k),
  } as Storage;
}
