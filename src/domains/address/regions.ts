// The national administrative divisions (assets/regions/pcas-code.json:
// 31 provinces, 342 cities, 2,978 districts, 41,352 streets), read once on
// first use into an index by code, with English names (region-english.ts).
import { readFileSync } from "node:fs";
// As a file, not a module: a compiled binary embeds it, and nothing parses it before the first region call.
import regionsFile from "../../../assets/regions/pcas-code.json" with { type: "file" };
import { englishName } from "./region-english";

type RawRegion = { code: string; name: string; children?: RawRegion[] };

export type Region = { code: string; name: string; level: 0 | 1 | 2 | 3; parent: string | null; children: string[] };
export type RegionView = { id: string; name: string; nameEn: string };

const FILE = regionsFile as unknown as string;

let index: { byCode: Map<string, Region>; provinces: string[] } | null = null;

function build(): NonNullable<typeof index> {
  const raw = JSON.parse(readFileSync(FILE, "utf8")) as RawRegion[];
  const byCode = new Map<string, Region>();
  const walk = (nodes: RawRegion[], level: number, parent: string | null): string[] =>
    nodes.map((n) => {
      const region: Region = { code: n.code, name: n.name, level: level as Region["level"], parent, children: [] };
      byCode.set(n.code, region);
      region.children = n.children ? walk(n.children, level + 1, n.code) : [];
      return n.code;
    });
  const provinces = walk(raw, 0, null);
  return { byCode, provinces };
}

const regions = () => (index ??= build());

export const findRegion = (code: string): Region | null => regions().byCode.get(code) ?? null;

/** How many regions each level holds (a test checks the data is complete). */
export function levelCounts(): [number, number, number, number] {
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  for (const r of regions().byCode.values()) counts[r.level]++;
  return counts;
}

const englishCache = new Map<string, string>();

/** The region's English name, worked out once. */
function englishOf(region: Region): string {
  let english = englishCache.get(region.code);
  if (english === undefined) englishCache.set(region.code, (english = englishName(region.name, region.level)));
  return english;
}

export const regionView = (region: Region): RegionView => ({ id: region.code, name: region.name, nameEn: englishOf(region) });

/** A stored region code with its names (an unknown code keeps empty names). */
export const regionOf = (code: string | null): RegionView => {
  const region = code ? findRegion(code) : null;
  return region ? regionView(region) : { id: code ?? "", name: "", nameEn: "" };
};

/** The children of a region, or the provinces; null when the code is unknown. */
export function childrenOf(code?: string | null): RegionView[] | null {
  const { provinces } = regions();
  if (!code) return provinces.map((c) => regionView(findRegion(c)!));
  const region = findRegion(code);
  if (!region) return null;
  return region.children.map((c) => regionView(findRegion(c)!));
}

/** True when the four codes name a province, one of its cities, one of that city's districts and one of its streets. */
export function isRegionChain(codes: readonly string[]): boolean {
  if (codes.length !== 4) return false;
  let parent: string | null = null;
  for (const [level, code] of codes.entries()) {
    const region = findRegion(code);
    if (!region || region.level !== level || region.parent !== parent) return false;
    parent = code;
  }
  return true;
}
