// Texts of the activity editor's tools and windows (spec 3 sections 2.1-2.3), both languages side by side; zh.ts and en.ts mount them under "editor".
export default {
  zh: {
    toolbar: "活动编辑工具",
    tools: {},
  },
  en: {
    toolbar: "Activity editing tools",
    tools: {},
  },
};
