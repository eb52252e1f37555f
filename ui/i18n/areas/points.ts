// Texts of the points area, both languages side by side; zh.ts and en.ts mount them under "points".
export default {
  zh: {
    title: "TODO",
  },
  en: {
    title: "TODO",
  },
};
