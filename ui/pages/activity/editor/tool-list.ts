// The editor's tools on the activity page and the market item page (spec 3
// section 2.1), one entry each: the power it needs, when it shows, and the
// window it opens (a lazy chunk, so members never download it). The bar
// (./tools.tsx) shows nothing for an offline activity: offline has no actions.
//
// A tool's label is the text `editor.tools.<id>` (ui/i18n/areas/editor.ts), its
// button's test id `tool-<id>`. A window takes ToolWindowProps without
// importing this file (a lazy import back here would be a cycle).
import type { ComponentType } from "react";
import { ACTIVITY_STATE } from "../../../../src/protocol/enumerations";
import type { PowerCode } from "../../../../src/protocol/powers";
import { withAreaStyles } from "../../../lib/area-styles";
import type { Activity } from "../activity-model";
import type { ToolWindowProps } from "./tool-window";

// A window imports its props from ./tool-window.ts, never from here: this list imports the windows (lazily), and ui/ has no import cycles.
export type { ToolWindowProps } from "./tool-window";

export type EditorTool = {
  id: string;
  power: PowerCode;
  /** Shown only when this holds (besides the power and the activity not being offline). */
  when?: (a: Activity) => boolean;
  window: () => Promise<{ default: ComponentType<ToolWindowProps> }>;
  /** Its button turns the tool on and off (a mode of the page, not a window). */
  toggle?: boolean;
};

export const inPreview = (a: Activity) => a.state.id === ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW;

/** The order windows show the centre's order facts, parcels and state tags: they bring its stylesheet. */
const withOrderStyles = <T>(loader: () => Promise<T>) => withAreaStyles("centre", loader);

/** In the order the bar shows them. */
export const EDITOR_TOOLS: readonly EditorTool[] = [
  { id: "wording", power: "FUNCTION_ACTIVITY_EDIT", window: () => import("./wording-editor") },
  { id: "layout", power: "FUNCTION_ACTIVITY_EDIT", window: () => import("./layout-editor"), toggle: true },
  { id: "cover", power: "FUNCTION_ACTIVITY_EDIT", window: () => import("./cover-editor") },
  // The question bank manager (spec 3 section 2.2): banks are shared by all activities, so it is offered whatever the activity's state (but offline).
  { id: "questionBanks", power: "FUNCTION_QUERY_EDIT", window: () => import("./question-banks") },
  // Spec 3 section 2.1: with FUNCTION_ACTIVITY_ORDER, the registration results, and the imports when the activity has them.
  { id: "orders", power: "FUNCTION_ACTIVITY_ORDER", window: withOrderStyles(() => import("./order-search-window")) },
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
];
