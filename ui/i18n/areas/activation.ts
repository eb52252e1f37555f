// Texts of the activation area, both languages side by side; zh.ts and en.ts mount them under "activation".
export default {
  zh: {
    title: "TODO",
  },
  en: {
    title: "TODO",
  },
};
