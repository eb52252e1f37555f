// The bar of editor tools above an activity or market item (spec 3 section
// 2.1): the tools of ./tool-list.ts the signed-in staff member holds the power
// for; once the activity is offline only those that read or serve its sign-ups
// (results, their export and imports, the waiting list, check-in, question banks). A window tool's window is loaded
// when it is first opened, with the editing stylesheets; an action tool's
// action (publish, copy ...) when it is first pressed.
import { type ComponentType, Suspense, lazy, useEffect, useMemo, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { useLocation } from "wouter";
import { ACTIVITY_STATE } from "../../../../src/protocol/enumerations";
import { useT } from "../../../i18n";
import { withAreaStyles } from "../../../lib/area-styles";
import { useLoaded } from "../../../lib/use-loaded";
import { hasPower, session } from "../../../state/session";
import { showMessage } from "../../../components/message-box";
import type { Activity } from "../activity-model";
import { DESK_QUERY } from "../activity-layout";
import { StateTag } from "../state-tag";
import { EDITING_POWER, EDITOR_TOOLS, type EditorTool, type ToolWindowProps, type WindowTool } from "./tool-list";

/** The tools this member may use on this activity now. */
export function toolsFor(a: Activity, holds: (power: EditorTool["power"]) => boolean = hasPower): EditorTool[] {
  // Spec 3 section 2.1: the editing tools (FUNCTION_ACTIVITY_EDIT) only while the activity is not offline; its registration data is kept and served.
  const offline = a.state.id === ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE;
  return EDITOR_TOOLS.filter((tool) => holds(tool.power) && !(offline && tool.power === EDITING_POWER) && (tool.when?.(a) ?? true));
}

/** The editor's texts (./texts.ts), asked for once, by the first bar a member holding a tool sees; `textsIn` once they are added. */
let texts: Promise<true> | null = null;
let textsIn = false;
const loadTexts = () => (texts ??= import("./texts").then(() => (textsIn = true)));

const windows = new WeakMap<WindowTool, ComponentType<ToolWindowProps>>();
function windowOf(tool: WindowTool) {
  let w = windows.get(tool);
  if (!w) {
    w = lazy(withAreaStyles(["lists", "modules", "editing", "editor"], tool.window));
    windows.set(tool, w);
  }
  return w;
}

export function EditorTools({ activity, onChanged }: { activity: Activity; onChanged: () => void }) {
  const t = useT();
  useSnapshot(session).user;
  const [, navigate] = useLocation();
  const [open, setOpen] = useState<WindowTool | null>(null);
  const [busy, setBusy] = useState(false);
  // What the open window asks before it is closed by its tool's button (the layout's unsaved changes).
  const guard = useRef<(() => Promise<boolean>) | null>(null);
  const tools = toolsFor(activity);
  const Window = useMemo(() => (open ? windowOf(open) : null), [open]);
  const holdsTools = tools.length > 0;
  const textsLoaded = useLoaded(async () => holdsTools && loadTexts(), [holdsTools]);
  if (!holdsTools || !(textsIn || textsLoaded)) return null;
  const close = () => {
    guard.current = null;
    setOpen(null);
  };
  // A toggle's second press turns it off, and another tool takes its place, once its window agrees.
  const press = async (tool: EditorTool) => {
    if (open?.toggle && !(await (guard.current?.() ?? Promise.resolve(true)))) return;
    if ("window" in tool) {
      if (open === tool) return close();
      if (tool.wideOnly && !matchMedia(DESK_QUERY).matches) return void (await showMessage(t(tool.wideOnly)));
      guard.current = null;
      return setOpen(tool);
    }
    if (open?.toggle) close();
    setBusy(true);
    try {
      const act = await tool.action();
      await act({ activity, onChanged, navigate });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="module-tools editor-tools" role="toolbar" aria-label={t("editor.toolbar")} data-testid="editor-tools">
        <StateTag state={activity.state.id} />
        {tools.map((tool) => {
          const toggle = "window" in tool && tool.toggle;
          return (
            <button
              key={tool.id}
              type="button"
              className={`button button-quiet${"window" in tool ? "" : " editor-action"}${toggle && open === tool ? " is-on" : ""}`}
              aria-pressed={toggle ? open === tool : undefined}
              disabled={busy}
              onClick={() => void press(tool)}
              data-testid={`tool-${tool.id}`}
            >
              {t(`editor.tools.${tool.id}`)}
            </button>
          );
        })}
      </div>
      {Window ? (
        <Suspense fallback={null}>
          <Window
            activity={activity}
            onClose={close}
            onChanged={onChanged}
            guardClose={(g) => {
              guard.current = g;
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
