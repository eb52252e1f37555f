// Texts of the dues area, both languages side by side; zh.ts and en.ts mount them under "dues".
export default {
  zh: {
    title: "TODO",
  },
  en: {
    title: "TODO",
  },
};
