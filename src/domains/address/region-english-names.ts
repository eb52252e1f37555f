// The tables behind the English names of the national divisions (decision 33),
// kept apart from the rules in region-english.ts that read them: a new
// generic part or a misread place name is a row here and no change to the rules.

export const PROVINCES: Record<string, string> = {
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
export const GROUPINGS: Record<string, string> = {
  市辖区: "City Districts",
  县: "Counties",
  省直辖县级行政区划: "County-level Divisions",
  自治区直辖县级行政区划: "County-level Divisions",
};

// Generic parts (the longest that fits is used); "" drops the word: a city is named alone.
export const GENERICS: [string, string][] = [
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
export const AREA_BY_LEVEL = ["Prefecture", "Prefecture", "Area", "Area"];

// The 56 nationalities as they appear in autonomous divisions and ethnic townships.
export const ETHNIC: Record<string, string> = {
  蒙古: "Mongol", 回: "Hui", 藏: "Tibetan", 维吾尔: "Uyghur", 苗: "Miao", 彝: "Yi", 壮: "Zhuang", 布依: "Bouyei",
  朝鲜: "Korean", 满: "Manchu", 侗: "Dong", 瑶: "Yao", 白: "Bai", 土家: "Tujia", 哈尼: "Hani", 哈萨克: "Kazakh",
  傣: "Dai", 黎: "Li", 傈僳: "Lisu", 佤: "Va", 畲: "She", 高山: "Gaoshan", 拉祜: "Lahu", 水: "Shui",
  东乡: "Dongxiang", 纳西: "Naxi", 景颇: "Jingpo", 柯尔克孜: "Kyrgyz", 土: "Tu", 达斡尔: "Daur", 仫佬: "Mulao",
  羌: "Qiang", 布朗: "Blang", 撒拉: "Salar", 毛南: "Maonan", 仡佬: "Gelao", 锡伯: "Xibe", 阿昌: "Achang",
  普米: "Pumi", 塔吉克: "Tajik", 怒: "Nu", 乌孜别克: "Uzbek", 俄罗斯: "Russian", 鄂温克: "Ewenki", 德昂: "De'ang",
  保安: "Bonan", 裕固: "Yugur", 京: "Gin", 塔塔尔: "Tatar", 独龙: "Derung", 鄂伦春: "Oroqen", 赫哲: "Hezhen",
  门巴: "Monba", 珞巴: "Lhoba", 基诺: "Jino", 各: "Multi-ethnic",
};

// Autonomous divisions name their nationalities between the specific and the generic part.
export const AUTONOMOUS: [string, string][] = [
  ["自治州", "Autonomous Prefecture"],
  ["自治县", "Autonomous County"],
  ["自治旗", "Autonomous Banner"],
];
// A township or sumu that names a nationality (or says 民族) is an ethnic one: 西阿超满族蒙古族乡.
export const ETHNIC_KIND: Record<string, string> = { 乡: "Ethnic Township", 苏木: "Ethnic Sumu" };

// Names whose English is not their Mandarin pinyin: cities named in Mongolian, Tibetan or Uyghur, and Harbin.
export const CONVENTIONAL: Record<string, string> = {
  哈尔滨: "Harbin", 齐齐哈尔: "Qiqihar", 呼和浩特: "Hohhot", 鄂尔多斯: "Ordos", 呼伦贝尔: "Hulunbuir",
  巴彦淖尔: "Bayannur", 乌兰察布: "Ulanqab", 锡林郭勒: "Xilingol", 阿拉善: "Alxa", 拉萨: "Lhasa",
  日喀则: "Shigatse", 林芝: "Nyingchi", 昌都: "Qamdo", 那曲: "Nagqu", 阿里: "Ngari", 乌鲁木齐: "Urumqi",
  克拉玛依: "Karamay", 吐鲁番: "Turpan", 喀什: "Kashgar", 和田: "Hotan", 阿克苏: "Aksu", 阿勒泰: "Altay",
  伊犁: "Ili", 博尔塔拉: "Bortala", 巴音郭楞: "Bayingolin", 克孜勒苏: "Kizilsu", 果洛: "Golog",
};

// Readings that pinyin-pro gets wrong in place names: 都 is du, 什 is shi and 大 is da in every one of them;
// the words are the cities and counties whose reading differs from the everyday one.
export const CHAR_READINGS: Record<string, string> = { 都: "du", 什: "shi", 大: "da" };
export const WORD_READINGS: Record<string, string[]> = {
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
export const ROADS: [string, string][] = [
  ["大街", "Street"],
  ["大道", "Avenue"],
  ["路", "Road"],
  ["街", "Street"],
];
export const DIRECTIONS: Record<string, string> = { 东: "East", 西: "West", 南: "South", 北: "North", 中: "Middle" };

// The province, city or county a farm or a zone is named after is a word of its own: 莎车县蚕种场
// "Shache County Silkworm Farm", 张家口市察北管理区 "Zhangjiakou Chabei Administrative Area". The
// shortest name each can end is given, so 市中区 and 县城 stay names.
export const INNER_DIVISIONS: [string, string, number][] = [
  ["省", "", 2],
  ["市", "", 2],
  ["县", "County", 1],
];

