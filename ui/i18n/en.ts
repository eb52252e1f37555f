// English texts: the same keys as zh.ts (the Dictionary type and tests/unit/i18n.test.ts hold them together).
import activation from "./areas/activation";
import centre from "./areas/centre";
import address from "./areas/address";
import family from "./areas/family";
import points from "./areas/points";
import dues from "./areas/dues";
import jobs from "./areas/jobs";
import members from "./areas/members";
import dashboard from "./areas/dashboard";
import outbox from "./areas/outbox";
import refunds from "./areas/refunds";
import propertyAdmin from "./areas/property-admin";
import order from "./areas/order";
import activity from "./areas/activity";
import home from "./areas/home";
import homeEdit from "./areas/home-edit";
import modules from "./areas/modules";
import news from "./areas/news";
import upload from "./areas/upload";
import mailbox from "./areas/mailbox";
import market from "./areas/market";
import install from "./areas/install";
import core from "./core";
import type { Dictionary } from "./zh";

const en: Dictionary = {
  activation: activation.en,
  centre: centre.en,
  address: address.en,
  family: family.en,
  points: points.en,
  dues: dues.en,
  jobs: jobs.en,
  members: members.en,
  outbox: outbox.en,
  refunds: refunds.en,
  propertyAdmin: propertyAdmin.en,
  dashboard: dashboard.en,
  order: order.en,
  market: market.en,
  activity: activity.en,
  home: home.en,
  homeEdit: homeEdit.en,
  modules: modules.en,
  news: news.en,
  upload: upload.en,
  mailbox: mailbox.en,
  install: install.en,
  ...core.en,
};

export default en;
