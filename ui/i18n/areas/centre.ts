// Texts of the centre area, both languages side by side; zh.ts and en.ts mount them under "centre".
export default {
  zh: {
    title: "TODO",
  },
  en: {
    title: "TODO",
  },
};
