// 中文 texts. The key type comes from them (./keys.ts); en.ts has exactly the
// same keys (each area's texts() and the Dictionary type hold it at compile
// time, tests/unit/i18n.test.ts again). Placeholders use rosetta's {{name}} syntax.
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
import type { Strings } from "./area";

const zh = {
  activation: activation.zh,
  centre: centre.zh,
  address: address.zh,
  family: family.zh,
  points: points.zh,
  dues: dues.zh,
  jobs: jobs.zh,
  members: members.zh,
  outbox: outbox.zh,
  refunds: refunds.zh,
  propertyAdmin: propertyAdmin.zh,
  dashboard: dashboard.zh,
  order: order.zh,
  market: market.zh,
  activity: activity.zh,
  home: home.zh,
  homeEdit: homeEdit.zh,
  modules: modules.zh,
  news: news.zh,
  upload: upload.zh,
  mailbox: mailbox.zh,
  install: install.zh,
  ...core.zh,
};

export type Dictionary = Strings<typeof zh>;

export default zh as Dictionary;
