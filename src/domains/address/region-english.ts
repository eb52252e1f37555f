// English names of the national divisions (decision 33). Provinces go by
// their conventional English names. Below them a name is its specific part in
// pinyin, written as one word the way GB/T 16159 writes place names (an
// apostrophe before a syllable starting with a, o or e: Xi'an), followed by
// its generic part in English: 朝阳区 "Chaoyang District", 东华门街道
// "Donghuamen Subdistrict". A city is named alone, as English and postal
// addresses do (苏州市 "Suzhou"). A name with no generic part we know stays
// one pinyin word.
import { pinyin } from "pinyin-pro";
import {
  AREA_BY_LEVEL,
  AUTONOMOUS,
  CHAR_READINGS,
  CONVENTIONAL,
  DIRECTIONS,
  ETHNIC,
  ETHNIC_KIND,
  GENERICS,
  GROUPINGS,
  INNER_DIVISIONS,
  PROVINCES,
  ROADS,
  WORD_READINGS,
} from "./region-english-names";

const ETHNIC_NAMES = Object.keys(ETHNIC).sort((a, b) => b.length - a.length);

// The Xinjiang Production and Construction Corps numbers its regiments: 兵团一二七团 "Regiment 127"
// (四团镇 is a town: a regiment has two digits or more).
const REGIMENT = /^(?:兵团)?(?:农[一二三四五六七八九十]+师)?([〇零一二三四五六七八九十]{2,})团/;
const DIGITS = "〇一二三四五六七八九";

function chineseNumber(text: string): number {
  if (!text.includes("十")) return Number([...text].map((c) => (c === "零" ? 0 : DIGITS.indexOf(c))).join(""));
  const [tens, ones] = text.split("十");
  return (tens ? DIGITS.indexOf(tens) : 1) * 10 + (ones ? DIGITS.indexOf(ones) : 0);
}

/** The name's syllables, one per character, with the place-name readings. */
function syllables(name: string): string[] {
  const chars = [...name];
  const read = pinyin(name, { toneType: "none", type: "array", nonZh: "consecutive" });
  // nonZh "consecutive" joins a run of other characters into one item; keep one item per character.
  const out = read.length === chars.length ? read : chars.map((c) => pinyin(c, { toneType: "none" }));
  chars.forEach((c, i) => {
    if (CHAR_READINGS[c]) out[i] = CHAR_READINGS[c];
  });
  for (const [word, reading] of Object.entries(WORD_READINGS)) {
    for (let at = name.indexOf(word); at >= 0; at = name.indexOf(word, at + 1)) out.splice(at, reading.length, ...reading);
  }
  return out;
}

/** One pinyin word: joined, an apostrophe before a, o or e after the first syllable, capitalised. */
function word(parts: string[]): string {
  const joined = parts.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join("");
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

const list = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** Splits trailing nationalities off: 黔东南苗族侗族 -> ["黔东南", ["Miao", "Dong"]]. Autonomous names may drop 族 (伊犁哈萨克). */
function nationalities(text: string, bare: boolean): [string, string[]] {
  const found: string[] = [];
  let rest = text;
  for (;;) {
    const hit = ETHNIC_NAMES.find((n) => rest.endsWith(`${n}族`) || (bare && n.length > 1 && rest.endsWith(n)));
    if (!hit) return [rest, found];
    rest = rest.slice(0, rest.endsWith(`${hit}族`) ? -(hit.length + 1) : -hit.length);
    found.unshift(ETHNIC[hit]!);
  }
}

type Part = { text: string; read: string[] };
const head = (part: Part, chars: number): Part => ({ text: part.text.slice(0, chars), read: part.read.slice(0, chars) });
const tail = (part: Part, from: number): Part => ({ text: part.text.slice(from), read: part.read.slice(from) });

/** A subdistrict named after its road: 南京东路 "Nanjing East Road"; null when the name is no road. */
function road(part: Part): string | null {
  const { text, read } = part;
  for (const [kind, english] of ROADS) {
    if (!text.endsWith(kind)) continue;
    let end = text.length - kind.length;
    // A direction after a one-character name belongs to it: 铁东路 "Tiedong Road", 南京东路 "Nanjing East Road".
    const direction = end > 2 ? DIRECTIONS[text[end - 1]!] : undefined;
    if (direction) end--;
    // A one-character name is a word of its own (东街街道 "Dongjie Subdistrict"), not a road.
    if (end < 2) return null;
    return [word(read.slice(0, end)), direction, english].filter(Boolean).join(" ");
  }
  return null;
}

/** The specific part: one pinyin word, or a division's name and what follows it. */
function specific(part: Part): string {
  const { text, read } = part;
  if (CONVENTIONAL[text]) return CONVENTIONAL[text];
  for (const [division, english, shortest] of INNER_DIVISIONS) {
    const at = text.indexOf(division);
    if (at < shortest || text.length - at - 1 < 2 || "场城".includes(text[at + 1]!)) continue;
    return [specific(head(part, at)), english, specific(tail(part, at + 1))].filter(Boolean).join(" ");
  }
  return word(read);
}

const GENERICS_BY_LEVEL = [0, 1, 2, 3].map((level) =>
  [...GENERICS, ["地区", AREA_BY_LEVEL[level]!] as [string, string]].sort((a, b) => b[0].length - a[0].length),
);

function translate(part: Part, level: number, nested = false): string {
  const { text } = part;
  const regiment = REGIMENT.exec(text);
  if (regiment) {
    const rest = tail(part, regiment[0].length);
    return [`Regiment ${chineseNumber(regiment[1]!)}`, rest.text ? translate(rest, level, true) : ""].filter(Boolean).join(" ");
  }
  for (const [generic, english] of AUTONOMOUS) {
    if (!text.endsWith(generic)) continue;
    const [rest, groups] = nationalities(text.slice(0, -generic.length), true);
    const named = rest ? specific(head(part, rest.length)) : "";
    return [named, list(groups), english].filter(Boolean).join(" ");
  }
  for (const [generic, english] of GENERICS_BY_LEVEL[level]!) {
    if (!text.endsWith(generic)) continue;
    // A whole name that is a generic part is that in English (良种场 "Seed Farm", 一三七团乡 "Regiment 137
    // Township"); but 区 alone is no name.
    if (text === generic) {
      if (generic.length > 1 || nested) return english;
      continue;
    }
    let rest = text.slice(0, -generic.length);
    // Inside a name only a generic of two or more characters, or a division, is one: 红旗区 is "Hongqi District", not a banner.
    const division = INNER_DIVISIONS.find(([d]) => d === generic);
    if (nested && generic.length < 2 && (!division || rest.length < division[2])) continue;
    let kind = english;
    let groups: string[] = [];
    if (rest.endsWith("族")) {
      // 民族乡 may name its nationality without 族: 杜拉尔鄂温克民族乡.
      const bare = rest.endsWith("民族");
      const [named, found] = nationalities(bare ? rest.slice(0, -2) : rest, bare);
      if (found.length || bare) [rest, groups, kind] = [named, found, ETHNIC_KIND[generic] ?? english];
    }
    const restPart = head(part, rest.length);
    const named = !rest ? "" : ((generic === "街道" && road(restPart)) || translate(restPart, level, true));
    return [named, list(groups), kind].filter(Boolean).join(" ");
  }
  return specific(part);
}

/**
 * The English name of a division at its level (0 province, 1 city, 2 district, 3 street):
 * 陕西省 "Shaanxi", 西安市 "Xi'an", 朝阳区 "Chaoyang District", 南京东路街道 "Nanjing East Road Subdistrict".
 */
export function englishName(name: string, level: number): string {
  if (level === 0 && PROVINCES[name]) return PROVINCES[name];
  if (GROUPINGS[name]) return GROUPINGS[name];
  // A note in brackets follows the name: 东莞大岭山（南雄）产业转移工业园, 额敏（兵地、辽阳）工业园区.
  const note = /（(.+?)）/.exec(name);
  if (note) {
    const noted = note[1]!.split("、").map((n) => englishName(n, level));
    return `${englishName(name.replace(note[0], ""), level)} (${noted.join(", ")})`;
  }
  return translate({ text: name, read: syllables(name) }, level);
}
