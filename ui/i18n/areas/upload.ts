// Texts of the image upload field (covers, icons, carousel images), both languages side by side; zh.ts and en.ts mount them under "upload".
export default {
  zh: {
    choose: "上传图片",
    replace: "更换图片",
    none: "尚未上传",
    preview: "已上传的图片",
    tooLarge: "图片大小不得超过10mb",
    badType: "图片格式请使用image/png,image/jpeg,image/jpg",
    failed: "图片上传失败，请重试。",
  },
  en: {
    choose: "Upload image",
    replace: "Replace image",
    none: "Nothing uploaded yet",
    preview: "The uploaded image",
    tooLarge: "The image may be at most 10 MB",
    badType: "Please use an image of type image/png, image/jpeg or image/jpg",
    failed: "The image could not be uploaded. Please try again.",
  },
};
