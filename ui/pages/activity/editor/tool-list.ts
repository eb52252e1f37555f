// The editor's tools on the activity page and the market item page (spec 3
// section 2.1), one entry each: the power it needs, when it shows, and either
// the window it opens or the action it runs (both lazy chunks, so members
// never download them). The bar (./tools.tsx) leaves out the editing tools
// (EDITING_POWER) of an offline activity: offline has no actions.
//
// A tool's label is the text `editor.tools.<id>` (ui/i18n/areas/editor/tools.ts), its
// button's test id `tool-<id>`. A window takes ToolWindowProps from
// ./tool-types.ts, never from here (a lazy import back here would be a cycle).
import type { ComponentType } from "react";
import { ACTIVITY_STATE } from "../../../../src/protocol/enumerations";
import type { PowerCode } from "../../../../src/protocol/powers";
import type { TextKey, TextName } from "../../../i18n";
import { withAreaStyles } from "../../../lib/area-styles";
import { openCheckIn } from "../../../lib/check-in-address";
import { lotteryHref } from "../../../lib/lottery-address";
import type { Activity } from "../activity-model";
import type { ToolAction, ToolWindowProps } from "./tool-types";

export type { ToolAction, ToolActionContext, ToolWindowProps } from "./tool-types";

type ToolBase = {
  id: TextName<"editor.tools">;
  power: PowerCode;
  /** Shown only when this holds (besides the power, and an editing tool's activity not being offline). */
  when?: (a: Activity) => boolean;
};
export type WindowTool = ToolBase & {
  window: () => Promise<{ default: ComponentType<ToolWindowProps> }>;
  /** Its button turns the tool on and off (a mode of the page, not a window). */
  toggle?: boolean;
  /** Offered only on a screen where the layout is drawn (DESK_QUERY); a narrower one is told why instead, in this text. */
  wideOnly?: TextKey;
};
/** A button that asks and acts (publish, copy ...), with no window of its own. */
export type ActionTool = ToolBase & { action: () => Promise<ToolAction> };
export type EditorTool = WindowTool | ActionTool;

export const inPreview = (a: Activity) => a.state.id === ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW;
export const isNormal = (a: Activity) => a.state.id === ACTIVITY_STATE.ACTIVITY_STATE_NORMAL;

export const EDITING_POWER = "FUNCTION_ACTIVITY_EDIT";
const EDIT = EDITING_POWER;
const lifecycle = () => import("./lifecycle-actions");
/** The order windows show the centre's order facts, parcels and state tags: they bring its stylesheet. */
const withOrderStyles = <T>(loader: () => Promise<T>) => withAreaStyles("centre", loader);

/** In the order the bar shows them. */
export const EDITOR_TOOLS: readonly EditorTool[] = [
  { id: "basicInfo", power: EDIT, window: () => import("./basic-info-window") },
  { id: "wording", power: EDIT, window: () => import("./wording-editor") },
  // The layout places boxes on a 1160 px page that members see only on a screen 1200 px wide or more (decision 66).
  { id: "layout", power: EDIT, window: () => import("./layout-editor"), toggle: true, wideOnly: "editor.layout.wideOnly" },
  { id: "cover", power: EDIT, window: () => import("./cover-editor") },
  // Spec 3 section 2.1: the group, questionnaire and condition editors only while in preview.
  { id: "team", power: EDIT, when: inPreview, window: () => import("./team-window") },
  { id: "family", power: EDIT, when: inPreview, window: () => import("./family-window") },
  { id: "conditions", power: EDIT, when: inPreview, window: () => import("./conditions-window") },
  // The question bank manager (spec 3 section 2.2): banks are shared by all activities, so it is offered whatever the activity's state (but offline).
  { id: "questionBanks", power: "FUNCTION_QUERY_EDIT", window: () => import("./question-banks") },
  // Spec 3 section 2.1: with FUNCTION_ACTIVITY_ORDER, the registration results, and the imports when the activity has them.
  { id: "orders", power: "FUNCTION_ACTIVITY_ORDER", window: withOrderStyles(() => import("./order-search-window")) },
  // Issue 20: who waits in the line, and whose offer holds a place, while the activity has one.
  { id: "waitlist", power: "FUNCTION_ACTIVITY_ORDER", when: (a) => a.waitlist.enabled, window: withOrderStyles(() => import("./waitlist-window")) },
  {
    id: "importExpress",
    power: "FUNCTION_ACTIVITY_ORDER",
    when: (a) => a.hasExpress,
    window: withOrderStyles(() => import("./order-import-window").then((m) => ({ default: m.ImportExpressWindow }))),
  },
  {
    id: "importShipped",
    power: "FUNCTION_ACTIVITY_ORDER",
    when: (a) => a.allowUpdateAddress,
    window: withOrderStyles(() => import("./order-import-window").then((m) => ({ default: m.ImportShippedWindow }))),
  },
  // Issue 20: the door's check-in page, this activity chosen (a published activity with tickets).
  {
    id: "checkIn",
    power: "FUNCTION_ACTIVITY_CHECK_IN",
    when: (a) => a.hasTicket && !inPreview(a),
    action: () => Promise.resolve<ToolAction>(async ({ activity }) => openCheckIn(activity.id)),
  },
  // Issue 32: a lottery's draw (its commitment, then its seed and drawn order) on the staff's lotteries page.
  {
    id: "lottery",
    power: "FUNCTION_ACTIVITY_LOTTERY",
    when: (a) => a.lottery !== null,
    action: () => Promise.resolve<ToolAction>(async ({ activity, navigate }) => navigate(lotteryHref(activity.id))),
  },
  { id: "publish", power: EDIT, when: inPreview, action: () => lifecycle().then((m) => m.publish) },
  { id: "offline", power: EDIT, when: isNormal, action: () => lifecycle().then((m) => m.takeOffline) },
  { id: "revert", power: EDIT, when: isNormal, action: () => lifecycle().then((m) => m.revert) },
  { id: "copy", power: EDIT, action: () => lifecycle().then((m) => m.copy) },
];
