// The home page's editing windows, a lazy chunk with its own stylesheet (home-edit.css).
export { AnnouncementWindow } from "./announcements";
export { BannerListWindow } from "./banners";
