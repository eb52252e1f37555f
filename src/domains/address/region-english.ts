// English names of the national divisions (decision 33). Provinces go by
// their conventional English names. Below them a name is its specific part in
// pinyin, written as one word the way GB/T 16159 writes place names (an
// apostrophe before a syllable starting with a, o or e: Xi'an), followed by
// its generic part in English: 朝阳区 "Chaoyang District", 东华门街道
// "Donghuamen Subdistrict". A city is named alone, as English and postal
// addresses do (苏州市 "Suzhou"). A name with no generic part we know stays
// one pinyin word.
import { pinyin } from "pinyin-pro";

const PROVINCES: Record<string, string> = {
  北京市: "Beijing",
  天津市: "Tianjin",
  河北省: "Hebei",
  山西省: "Shanxi",
  内蒙古自治区: "Inner Mongolia",
  辽宁省: "Liaoning",
  吉林省: "Jilin",
  黑龙江省: "Heilongjiang",
  上海市: "Shanghai",
  江苏省: "Jiangsu",
  浙江省: "Zhejiang",
  安徽省: "Anhui",
  福建省: "Fujian",
  江西省: "Jiangxi",
  山东省: "Shandong",
  河南省: "Henan",
  湖北省: "Hubei",
  湖南省: "Hunan",
  广东省: "Guangdong",
  广西壮族自治区: "Guangxi",
  海南省: "Hainan",
  重庆市: "Chongqing",
  四川省: "Sichuan",
  贵州省: "Guizhou",
  云南省: "Yunnan",
  西藏自治区: "Tibet",
  陕西省: "Shaanxi",
  甘肃省: "Gansu",
  青海省: "Qinghai",
  宁夏回族自治区: "Ningxia",
  新疆维吾尔自治区: "Xinjiang",
  台湾省: "Taiwan",
  香港特别行政区: "Hong Kong",
  澳门特别行政区: "Macao",
};

// Whole names that are generic through and through: the data's groupings under a municipality or province.
const GROUPINGS: Record<string, string> = {
  市辖区: "City Districts",
  县: "Counties",
  省直辖县级行政区划: "County-level Divisions",
  自治区直辖县级行政区划: "County-level Divisions",
};

// Generic parts (the longest that fits is used); "" drops the word: a city is named alone.
const GENERICS: [string, string][] = [
  ["经济技术开发区", "Economic and Technological Development Zone"],
  ["高新技术产业开发区", "High-tech Industrial Development Zone"],
  ["高新技术开发区", "High-tech Development Zone"],
  ["经济开发区", "Economic Development Zone"],
  ["开发区", "Development Zone"],
  ["综合保税区", "Comprehensive Bonded Zone"],
  ["保税区", "Bonded Zone"],
  ["工业园区", "Industrial Park"],
  ["产业园区", "Industrial Park"],
  ["产业园", "Industrial Park"],
  ["工业园", "Industrial Park"],
  ["科技园", "Science Park"],
  ["园区", "Park"],
  ["工业区", "Industrial Zone"],
  ["经济区", "Economic Zone"],
  ["示范区", "Demonstration Zone"],
  ["旅游度假区", "Tourist Resort"],
  ["度假区", "Resort"],
  ["风景名胜区", "Scenic Area"],
  ["风景区", "Scenic Area"],
  ["生活区", "Residential Area"],
  ["管理区", "Administrative Area"],
  ["行政委员会", "Administrative Committee"],
  ["管理委员会", "Administrative Committee"],
  ["管委会", "Administrative Committee"],
  ["委员会", "Committee"],
  ["管理处", "Administration Office"],
  ["办事处", "Office"],
  ["管理局", "Administration"],
  ["林业局", "Forestry Bureau"],
  ["良种场", "Seed Farm"],
  ["原种场", "Seed Farm"],
  ["种畜场", "Livestock Farm"],
  ["垦殖场", "Reclamation Farm"],
  ["园艺场", "Horticultural Farm"],
  ["农场", "Farm"],
  ["林场", "Forest Farm"],
  ["牧场", "Ranch"],
  ["渔场", "Fishery"],
  ["盐场", "Saltworks"],
  ["茶场", "Tea Farm"],
  ["监狱", "Prison"],
  ["服务中心", "Service Centre"],
  ["中心", "Centre"],
  ["有限公司", "Company"],
  ["公司", "Company"],
  ["集团", "Group"],
  ["办公室", "Office"],
  ["管理所", "Management Office"],
  ["经营所", "Management Office"],
  ["繁殖场", "Breeding Farm"],
  ["繁育场", "Breeding Farm"],
  ["养殖场", "Breeding Farm"],
  ["种猪场", "Pig Breeding Farm"],
  ["奶牛场", "Dairy Farm"],
  ["蚕种场", "Silkworm Farm"],
  ["马场", "Horse Farm"],
  ["牛场", "Cattle Farm"],
  ["羊场", "Sheep Farm"],
  ["猪场", "Pig Farm"],
  ["总场", "Head Farm"],
  ["分场", "Branch Farm"],
  ["分部", "Branch"],
  ["苗圃", "Nursery"],
  ["水库", "Reservoir"],
  ["煤矿", "Coal Mine"],
  ["基地", "Base"],
  ["自然保护区", "Nature Reserve"],
  ["保护区", "Reserve"],
  ["旅游区", "Tourist Area"],
  ["试验区", "Pilot Zone"],
  ["集聚区", "Cluster Zone"],
  ["聚集区", "Cluster Zone"],
  ["科技城", "Science City"],
  ["生态城", "Eco-city"],
  ["国际机场", "International Airport"],
  ["机场", "Airport"],
  ["社区", "Community"],
  ["片区", "Area"],
  ["群岛", "Islands"],
  ["新城", "New Town"],
  ["林区", "Forestry District"],
  ["新区", "New Area"],
  ["矿区", "Mining District"],
  ["特区", "Special District"],
  ["街道", "Subdistrict"],
  ["苏木", "Sumu"],
  ["区", "District"],
  ["县", "County"],
  ["旗", "Banner"],
  ["盟", "League"],
  ["镇", "Town"],
  ["乡", "Township"],
  ["市", ""],
];

// 地区 is a prefecture among cities, and a neighbourhood office's area among streets (Beijing's 长青地区).
const AREA_BY_LEVEL = ["Prefecture", "Prefecture", "Area", "Area"];

// The 56 nationalities as they appear in autonomous divisions and ethnic townships.
const ETHNIC: Record<string, string> = {
  蒙古: "Mongol", 回: "Hui", 藏: "Tibetan", 维吾尔: "Uyghur", 苗: "Miao", 彝: "Yi", 壮: "Zhuang", 布依: "Bouyei",
  朝鲜: "Korean", 满: "Manchu", 侗: "Dong", 瑶: "Yao", 白: "Bai", 土家: "Tujia", 哈尼: "Hani", 哈萨克: "Kazakh",
  傣: "Dai", 黎: "Li", 傈僳: "Lisu", 佤: "Va", 畲: "She", 高山: "Gaoshan", 拉祜: "Lahu", 水: "Shui",
  东乡: "Dongxiang", 纳西: "Naxi", 景颇: "Jingpo", 柯尔克孜: "Kyrgyz", 土: "Tu", 达斡尔: "Daur", 仫佬: "Mulao",
  羌: "Qiang", 布朗: "Blang", 撒拉: "Salar", 毛南: "Maonan", 仡佬: "Gelao", 锡伯: "Xibe", 阿昌: "Achang",
  普米: "Pumi", 塔吉克: "Tajik", 怒: "Nu", 乌孜别克: "Uzbek", 俄罗斯: "Russian", 鄂温克: "Ewenki", 德昂: "De'ang",
  保安: "Bonan", 裕固: "Yugur", 京: "Gin", 塔塔尔: "Tatar", 独龙: "Derung", 鄂伦春: "Oroqen", 赫哲: "Hezhen",
  门巴: "Monba", 珞巴: "Lhoba", 基诺: "Jino", 各: "Multi-ethnic",
};
const ETHNIC_NAMES = Object.keys(ETHNIC).sort((a, b) => b.length - a.length);

// Autonomous divisions name their nationalities between the specific and the generic part.
const AUTONOMOUS: [string, string][] = [
  ["自治州", "Autonomous Prefecture"],
  ["自治县", "Autonomous County"],
  ["自治旗", "Autonomous Banner"],
];
// A township or sumu that names a nationality (or says 民族) is an ethnic one: 西阿超满族蒙古族乡.
const ETHNIC_KIND: Record<string, string> = { 乡: "Ethnic Township", 苏木: "Ethnic Sumu" };

// Names whose English is not their Mandarin pinyin: cities named in Mongolian, Tibetan or Uyghur, and Harbin.
const CONVENTIONAL: Record<string, string> = {
  哈尔滨: "Harbin", 齐齐哈尔: "Qiqihar", 呼和浩特: "Hohhot", 鄂尔多斯: "Ordos", 呼伦贝尔: "Hulunbuir",
  巴彦淖尔: "Bayannur", 乌兰察布: "Ulanqab", 锡林郭勒: "Xilingol", 阿拉善: "Alxa", 拉萨: "Lhasa",
  日喀则: "Shigatse", 林芝: "Nyingchi", 昌都: "Qamdo", 那曲: "Nagqu", 阿里: "Ngari", 乌鲁木齐: "Urumqi",
  克拉玛依: "Karamay", 吐鲁番: "Turpan", 喀什: "Kashgar", 和田: "Hotan", 阿克苏: "Aksu", 阿勒泰: "Altay",
  伊犁: "Ili", 博尔塔拉: "Bortala", 巴音郭楞: "Bayingolin", 克孜勒苏: "Kizilsu", 果洛: "Golog",
};

// Readings that pinyin-pro gets wrong in place names: 都 is du, 什 is shi and 大 is da in every one of them;
// the words are the cities and counties whose reading differs from the everyday one.
const CHAR_READINGS: Record<string, string> = { 都: "du", 什: "shi", 大: "da" };
const WORD_READINGS: Record<string, string[]> = {
  乐亭: ["lao", "ting"],
  乐清: ["yue", "qing"],
  六合: ["lu", "he"],
  闵行: ["min", "hang"],
  洪洞: ["hong", "tong"],
  蔚县: ["yu", "xian"],
  歙县: ["she", "xian"],
  单县: ["shan", "xian"],
  浚县: ["xun", "xian"],
  泌阳: ["bi", "yang"],
  黄陂: ["huang", "pi"],
  涡阳: ["guo", "yang"],
  筠连: ["jun", "lian"],
  曾都: ["zeng", "du"],
  蚌山: ["beng", "shan"],
  召陵: ["shao", "ling"],
  繁峙: ["fan", "shi"],
  中牟: ["zhong", "mou"],
  牟定: ["mou", "ding"],
  宕昌: ["tan", "chang"],
  大埔: ["da", "bu"],
  万柏林: ["wan", "bai", "lin"],
};

// A subdistrict named after a road says so: 南京东路街道 "Nanjing East Road Subdistrict".
const ROADS: [string, string][] = [
  ["大街", "Street"],
  ["大道", "Avenue"],
  ["路", "Road"],
  ["街", "Street"],
];
const DIRECTIONS: Record<string, string> = { 东: "East", 西: "West", 南: "South", 北: "North", 中: "Middle" };

// The province, city or county a farm or a zone is named after is a word of its own: 莎车县蚕种场
// "Shache County Silkworm Farm", 张家口市察北管理区 "Zhangjiakou Chabei Administrative Area". The
// shortest name each can end is given, so 市中区 and 县城 stay names.
const INNER_DIVISIONS: [string, string, number][] = [
  ["省", "", 2],
  ["市", "", 2],
  ["县", "County", 1],
];

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
