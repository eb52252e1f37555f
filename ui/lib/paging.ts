// Paging as the specs give it: pages are numbered from 1 and a requested page
// is clamped to 1..max (a list with no rows still has page 1 of 1).
export function clampPage(index: number, max: number): number {
  const last = Math.max(1, Math.trunc(Number.isFinite(max) ? max : 1));
  const wanted = Math.trunc(Number.isFinite(index) ? index : 1);
  return Math.min(Math.max(1, wanted), last);
}
