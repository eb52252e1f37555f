// The gift market's pages (spec 2 section 2): module, item, trolley and
// checkout, one chunk that shares the sign-up windows with the activity pages.
export { MarketIndexPage } from "./market-index";
export { MarketInfoPage } from "./market-info";
export { CartPage } from "./cart-page";
export { PlacePage } from "./place-page";
