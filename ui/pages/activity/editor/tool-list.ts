// The editor's tools on the activity page and the market item page (spec 3
// section 2.1), one entry each: the power it needs, when it shows, and either
// the window it opens or the action it runs (both lazy chunks, so members
// never download them). The bar (./tools.tsx) shows nothing for an offline
// activity: offline has no actions.
//
// A tool's label is the text `editor.tools.<id>` (ui/i18n/areas/editor.ts), its
// button's test id `tool-<id>`.
import type { ComponentType } from "react";
import { ACTIVITY_STATE } from "../../../../src/protocol/enumerations";
import type { PowerCode } from "../../../../src/protocol/powers";
import type { Activity } from "../activity-model";
import type { ToolAction, ToolWindowProps } from "./tool-types";

export type { ToolAction, ToolActionContext, ToolWindowProps } from "./tool-types";

type ToolBase = {
  id: string;
  power: PowerCode;
  /** Shown only when this holds (besides the power and the activity not being offline). */
  when?: (a: Activity) => boolean;
};
export type WindowTool = ToolBase & { window: () => Promise<{ default: ComponentType<ToolWindowProps> }> };
/** A button that asks and acts (publish, copy ...), with no window of its own. */
export type ActionTool = ToolBase & { action: () => Promise<ToolAction> };
export type EditorTool = WindowTool | ActionTool;

export const inPreview = (a: Activity) => a.state.id === ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW;
export const isNormal = (a: Activity) => a.state.id === ACTIVITY_STATE.ACTIVITY_STATE_NORMAL;

const EDIT = "FUNCTION_ACTIVITY_EDIT";
const lifecycle = () => import("./lifecycle-actions");

/** In the order the bar shows them. */
export const EDITOR_TOOLS: readonly EditorTool[] = [
  { id: "basicInfo", power: EDIT, window: () => import("./basic-info-window") },
  // Spec 3 section 2.1: the group, questionnaire and condition editors only while in preview.
  { id: "team", power: EDIT, when: inPreview, window: () => import("./team-window") },
  { id: "family", power: EDIT, when: inPreview, window: () => import("./family-window") },
  { id: "conditions", power: EDIT, when: inPreview, window: () => import("./conditions-window") },
  { id: "publish", power: EDIT, when: inPreview, action: () => lifecycle().then((m) => m.publish) },
  { id: "offline", power: EDIT, when: isNormal, action: () => lifecycle().then((m) => m.takeOffline) },
  { id: "revert", power: EDIT, when: isNormal, action: () => lifecycle().then((m) => m.revert) },
  { id: "copy", power: EDIT, action: () => lifecycle().then((m) => m.copy) },
];
