// Texts of the family area, both languages side by side; zh.ts and en.ts mount them under "family".
export default {
  zh: {
    title: "TODO",
  },
  en: {
    title: "TODO",
  },
};
