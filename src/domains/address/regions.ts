// The national administrative divisions (assets/regions/pcas-code.json:
// 31 provinces, 342 cities, 2,978 districts, 41,352 streets), read once on
// first use into an index by code, with English names (region-english.ts).
//
// The index is packed: per level, the codes in a Uint32Array, the names as one
// string with their start offsets, each region's parent and the start of its
// children in the next level. All 44,703 regions as objects in a Map held
// about 11 MB of heap and grew a portal's resident memory by about 16 MB,
// from the first member's sign-in on (its answer names the default address);
// packed they take about 1 MB (decision 57).
import { readFileSync } from "node:fs";
// As a file, not a module: a compiled binary embeds it, and nothing parses it before the first region call.
import regionsFile from "../../../assets/regions/pcas-code.json" with { type: "file" };
import { englishName } from "./region-english";

type RawRegion = { code: string; name: string; children?: RawRegion[] };

export type Region = { code: string; name: string; level: 0 | 1 | 2 | 3; parent: string | null };
export type RegionView = { id: string; name: string; nameEn: string };

const FILE = regionsFile as unknown as string;
/** A code's length says its level: province 2 digits, city 4, district 6, street 9. */
const CODE_LENGTHS = [2, 4, 6, 9] as const;

type Level = {
  /** In the file's order, which is ascending: found by binary search. */
  codes: Uint32Array;
  names: string;
  /** Name i is names.slice(nameStarts[i], nameStarts[i + 1]). */
  nameStarts: Uint32Array;
  /** The parent's index in the level above (0 for provinces, which have none). */
  parents: Uint32Array;
  /** Region i's children are [childStarts[i], childStarts[i + 1]) of the level below. */
  childStarts: Uint32Array;
};

let index: Level[] | null = null;

function build(): Level[] {
  const raw = JSON.parse(readFileSync(FILE, "utf8")) as RawRegion[];
  const lists = CODE_LENGTHS.map(() => ({ codes: [] as number[], names: [] as string[], parents: [] as number[], childStarts: [] as number[] }));
  const walk = (nodes: RawRegion[], level: number, parent: number) => {
    const list = lists[level]!;
    for (const node of nodes) {
      const code = Number(node.code);
      // Numbers keep the codes only when each level's codes have one length, no leading zero, and ascend.
      if (node.code.length !== CODE_LENGTHS[level] || String(code) !== node.code || code <= (list.codes.at(-1) ?? 0)) {
        throw new Error(`${FILE}: region code ${node.code} does not fit level ${level} in order`);
      }
      list.parents.push(parent);
      list.names.push(node.name);
      const at = list.codes.push(code) - 1;
      if (level + 1 < CODE_LENGTHS.length) {
        list.childStarts.push(lists[level + 1]!.codes.length);
        walk(node.children ?? [], level + 1, at);
      }
    }
  };
  walk(raw, 0, 0);
  return lists.map((list, level) => {
    const nameStarts = new Uint32Array(list.names.length + 1);
    list.names.forEach((name, i) => (nameStarts[i + 1] = nameStarts[i]! + name.length));
    const below = lists[level + 1]?.codes.length ?? 0;
    return {
      codes: Uint32Array.from(list.codes),
      names: list.names.join(""),
      nameStarts,
      parents: Uint32Array.from(list.parents),
      childStarts: Uint32Array.from([...list.childStarts, below]),
    };
  });
}

const levels = () => (index ??= build());

type Place = { level: number; at: number };

function placeOf(code: string): Place | null {
  const level = (CODE_LENGTHS as readonly number[]).indexOf(code.length);
  if (level < 0 || !/^[1-9]\d*$/.test(code)) return null;
  const codes = levels()[level]!.codes;
  const wanted = Number(code);
  let low = 0;
  let high = codes.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (codes[mid] === wanted) return { level, at: mid };
    if (codes[mid]! < wanted) low = mid + 1;
    else high = mid - 1;
  }
  return null;
}

const codeAt = ({ level, at }: Place) => String(levels()[level]!.codes[at]);
const nameAt = ({ level, at }: Place) => {
  const { names, nameStarts } = levels()[level]!;
  return names.slice(nameStarts[at], nameStarts[at + 1]);
};

export function findRegion(code: string): Region | null {
  const place = placeOf(code);
  if (!place) return null;
  const parent = place.level === 0 ? null : codeAt({ level: place.level - 1, at: levels()[place.level]!.parents[place.at]! });
  return { code, name: nameAt(place), level: place.level as Region["level"], parent };
}

/** How many regions each level holds (a test checks the data is complete). */
export function levelCounts(): [number, number, number, number] {
  const [a, b, c, d] = levels().map((l) => l.codes.length);
  return [a!, b!, c!, d!];
}

const englishCache = new Map<string, string>();

function viewAt(place: Place): RegionView {
  const id = codeAt(place);
  const name = nameAt(place);
  let nameEn = englishCache.get(id);
  if (nameEn === undefined) englishCache.set(id, (nameEn = englishName(name, place.level)));
  return { id, name, nameEn };
}

/** A stored region code with its names (an unknown code keeps empty names). */
export const regionOf = (code: string | null): RegionView => {
  const place = code ? placeOf(code) : null;
  return place ? viewAt(place) : { id: code ?? "", name: "", nameEn: "" };
};

/** The children of a region, or the provinces; null when the code is unknown. */
export function childrenOf(code?: string | null): RegionView[] | null {
  const range = (level: number, from: number, to: number) => Array.from({ length: to - from }, (_, i) => viewAt({ level, at: from + i }));
  if (!code) return range(0, 0, levels()[0]!.codes.length);
  const place = placeOf(code);
  if (!place) return null;
  if (place.level + 1 === CODE_LENGTHS.length) return [];
  const { childStarts } = levels()[place.level]!;
  return range(place.level + 1, childStarts[place.at]!, childStarts[place.at + 1]!);
}

/** True when the four codes name a province, one of its cities, one of that city's districts and one of its streets. */
export function isRegionChain(codes: readonly string[]): boolean {
  if (codes.length !== CODE_LENGTHS.length) return false;
  let parent = 0;
  for (const [level, code] of codes.entries()) {
    const place = placeOf(code);
    if (!place || place.level !== level || (level > 0 && levels()[level]!.parents[place.at] !== parent)) return false;
    parent = place.at;
  }
  return true;
}
