// The shape every area of texts is written in: the Chinese and the English of
// the same window side by side, the English held to the Chinese keys.

/** A text tree with the same keys as T and any strings at its leaves: what the English of a Chinese tree must be. */
export type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/**
 * An area's (or a window's) texts in both languages. The key type comes from
 * the Chinese (./keys.ts); an English text missing, or one the Chinese lacks,
 * does not compile.
 */
export const texts = <Zh extends object>(both: { zh: Zh; en: NoInfer<Strings<Zh>> }): { zh: Zh; en: Strings<Zh> } => both;
