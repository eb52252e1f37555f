// The English names of the national divisions (decision 33).
import { describe, expect, test } from "bun:test";
import { englishName } from "../../src/domains/address/region-english";
import { childrenOf, findRegion } from "../../src/domains/address/regions";

const PROVINCE = 0;
const CITY = 1;
const DISTRICT = 2;
const STREET = 3;

describe("English names of the national divisions", () => {
  test("every province goes by its conventional English name, without an administrative suffix", () => {
    expect(childrenOf()!.map((p) => p.nameEn)).toEqual([
      "Beijing", "Tianjin", "Hebei", "Shanxi", "Inner Mongolia", "Liaoning", "Jilin", "Heilongjiang", "Shanghai", "Jiangsu",
      "Zhejiang", "Anhui", "Fujian", "Jiangxi", "Shandong", "Henan", "Hubei", "Hunan", "Guangdong", "Guangxi", "Hainan",
      "Chongqing", "Sichuan", "Guizhou", "Yunnan", "Tibet", "Shaanxi", "Gansu", "Qinghai", "Ningxia", "Xinjiang",
    ]);
  });

  test("山西 and 陕西 read differently", () => {
    expect(englishName("山西省", PROVINCE)).toBe("Shanxi");
    expect(englishName("陕西省", PROVINCE)).toBe("Shaanxi");
  });

  test("a city is named alone; a district, county, banner or league keeps its kind in English", () => {
    expect(englishName("苏州市", CITY)).toBe("Suzhou");
    expect(englishName("昆山市", DISTRICT)).toBe("Kunshan");
    expect(englishName("朝阳区", DISTRICT)).toBe("Chaoyang District");
    expect(englishName("浦东新区", DISTRICT)).toBe("Pudong New Area");
    expect(englishName("密云县", DISTRICT)).toBe("Miyun County");
    expect(englishName("阿荣旗", DISTRICT)).toBe("Arong Banner");
    expect(englishName("兴安盟", CITY)).toBe("Xing'an League");
    expect(englishName("阿里地区", CITY)).toBe("Ngari Prefecture");
    expect(englishName("市辖区", CITY)).toBe("City Districts");
  });

  test("streets are subdistricts, towns and townships, and a subdistrict named after a road says so", () => {
    expect(englishName("东华门街道", STREET)).toBe("Donghuamen Subdistrict");
    expect(englishName("南京东路街道", STREET)).toBe("Nanjing East Road Subdistrict");
    expect(englishName("铁东路街道", STREET)).toBe("Tiedong Road Subdistrict");
    expect(englishName("东街街道", STREET)).toBe("Dongjie Subdistrict");
    expect(englishName("周庄镇", STREET)).toBe("Zhouzhuang Town");
    expect(englishName("大安山乡", STREET)).toBe("Da'anshan Township");
    expect(englishName("长青地区", STREET)).toBe("Changqing Area");
  });

  test("a specific part is one pinyin word, with an apostrophe before a, o or e and the place-name readings", () => {
    expect(englishName("西安市", CITY)).toBe("Xi'an");
    expect(englishName("长安区", DISTRICT)).toBe("Chang'an District");
    expect(englishName("江都区", DISTRICT)).toBe("Jiangdu District");
    expect(englishName("闵行区", DISTRICT)).toBe("Minhang District");
    expect(englishName("乐清市", DISTRICT)).toBe("Yueqing");
    expect(englishName("六安市", CITY)).toBe("Lu'an");
    expect(englishName("吕梁市", CITY)).toBe("Lüliang");
    expect(englishName("喀什地区", CITY)).toBe("Kashgar Prefecture");
    expect(englishName("乌鲁木齐市", CITY)).toBe("Urumqi");
  });

  test("autonomous divisions and ethnic townships name their nationalities in English", () => {
    expect(englishName("延边朝鲜族自治州", CITY)).toBe("Yanbian Korean Autonomous Prefecture");
    expect(englishName("黔东南苗族侗族自治州", CITY)).toBe("Qiandongnan Miao and Dong Autonomous Prefecture");
    expect(englishName("伊犁哈萨克自治州", CITY)).toBe("Ili Kazakh Autonomous Prefecture");
    expect(englishName("积石山保安族东乡族撒拉族自治县", DISTRICT)).toBe("Jishishan Bonan, Dongxiang and Salar Autonomous County");
    expect(englishName("东乡族自治县", DISTRICT)).toBe("Dongxiang Autonomous County");
    expect(englishName("鄂伦春自治旗", DISTRICT)).toBe("Oroqen Autonomous Banner");
    expect(englishName("顺河回族区", DISTRICT)).toBe("Shunhe Hui District");
    expect(englishName("西阿超满族蒙古族乡", STREET)).toBe("Xi'achao Manchu and Mongol Ethnic Township");
    expect(englishName("杜拉尔鄂温克民族乡", STREET)).toBe("Dula'er Ewenki Ethnic Township");
  });

  test("farms, zones and regiments keep the place they are named after as a word of its own", () => {
    expect(englishName("莎车县蚕种场", STREET)).toBe("Shache County Silkworm Farm");
    expect(englishName("张家口市察北管理区", DISTRICT)).toBe("Zhangjiakou Chabei Administrative Area");
    expect(englishName("石家庄高新技术产业开发区", DISTRICT)).toBe("Shijiazhuang High-tech Industrial Development Zone");
    expect(englishName("良种场", STREET)).toBe("Seed Farm");
    expect(englishName("兵团一二七团生活区", STREET)).toBe("Regiment 127 Residential Area");
    expect(englishName("四团镇", STREET)).toBe("Situan Town");
    expect(englishName("额敏（兵地、辽阳）工业园区", STREET)).toBe("Emin Industrial Park (Bingdi, Liaoyang)");
  });

  test("every one of the 44,703 divisions has an English name in Latin letters, with no pinyin kind left as a word", () => {
    const names: string[] = [];
    const walk = (code?: string) => {
      for (const region of childrenOf(code)!) {
        names.push(region.nameEn);
        walk(region.id);
      }
    };
    walk();
    expect(names).toHaveLength(31 + 342 + 2978 + 41352);
    // Three street names hold characters no pinyin table knows (流波䃥镇, 桴㯊镇, 㵲水街道): they keep them.
    const unreadable = names.filter((n) => !/^[A-Z][A-Za-z0-9 ,()'ü.-]*$/.test(n));
    expect(unreadable).toEqual(["Liubo䃥 Town", "Fu㯊 Town", "㵲shui Subdistrict"]);
    expect(names.filter((n) => / (Sheng|Shi|Qu|Xian|Zhen|Xiang|Jiedao|Zizhiqu|Zizhizhou)\b/.test(n))).toEqual([]);
    // Naming every division loads the whole table and its readings: seconds on a busy 2-core machine.
  }, 30_000);

  test("a picked chain reads as a person would write it", () => {
    const chain = ["31", "3101", "310101", "310101002"].map((code) => childrenOf(findRegion(code)!.parent)!.find((r) => r.id === code)!.nameEn);
    expect(chain).toEqual(["Shanghai", "City Districts", "Huangpu District", "Nanjing East Road Subdistrict"]);
  });
});
