// Texts of the address area, both languages side by side; zh.ts and en.ts mount them under "address".
export default {
  zh: {
    title: "TODO",
  },
  en: {
    title: "TODO",
  },
};
