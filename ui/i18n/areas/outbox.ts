// Texts of the outbox area, both languages side by side; zh.ts and en.ts mount them under "outbox".
export default {
  zh: {
    title: "TODO",
  },
  en: {
    title: "TODO",
  },
};
