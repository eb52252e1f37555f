// The manifest of a language, as scripts/build.ts writes it (manifest.<language>.webmanifest).
export const manifestHref = (language: "zh" | "en") => `/manifest.${language}.webmanifest`;
