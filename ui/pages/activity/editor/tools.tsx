// The bar of editor tools above an activity or market item (spec 3 section
// 2.1): the tools of ./tool-list.ts the signed-in staff member holds the power
// for, none while the activity is offline. A tool's window is loaded when it
// is first opened, with the editing stylesheets.
import { type ComponentType, Suspense, lazy, useMemo, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { ACTIVITY_STATE } from "../../../../src/protocol/enumerations";
import { useT } from "../../../i18n";
import { withAreaStyles } from "../../../lib/area-styles";
import { hasPower, session } from "../../../state/session";
import type { Activity } from "../activity-model";
import { EDITOR_TOOLS, type EditorTool, type ToolWindowProps } from "./tool-list";

/** The tools this member may use on this activity now. */
export function toolsFor(a: Activity, holds: (power: EditorTool["power"]) => boolean = hasPower): EditorTool[] {
  if (a.state.id === ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE) return [];
  return EDITOR_TOOLS.filter((tool) => holds(tool.power) && (tool.when?.(a) ?? true));
}

const windows = new WeakMap<EditorTool, ComponentType<ToolWindowProps>>();
function windowOf(tool: EditorTool) {
  let w = windows.get(tool);
  if (!w) {
    w = lazy(withAreaStyles(["lists", "editing", "editor"], tool.window));
    windows.set(tool, w);
  }
  return w;
}

export function EditorTools({ activity, onChanged }: { activity: Activity; onChanged: () => void }) {
  const t = useT();
  useSnapshot(session).user;
  const [open, setOpen] = useState<EditorTool | null>(null);
  const guard = useRef<(() => Promise<boolean>) | null>(null);
  const tools = toolsFor(activity);
  const close = () => {
    guard.current = null;
    setOpen(null);
  };
  // A toggle's second press turns it off, and another tool takes its place, once its window agrees (unsaved changes).
  const press = async (tool: EditorTool) => {
    if (open?.toggle && !(await (guard.current?.() ?? Promise.resolve(true)))) return;
    if (open === tool) return close();
    guard.current = null;
    setOpen(tool);
  };
  const Window = useMemo(() => (open ? windowOf(open) : null), [open]);
  if (tools.length === 0) return null;
  return (
    <>
      <div className="module-tools editor-tools" role="toolbar" aria-label={t("editor.toolbar")} data-testid="editor-tools">
        {tools.map((tool) => (
          <button
            key={tool.id}
            type="button"
            className={`button button-quiet${tool.toggle && open === tool ? " is-on" : ""}`}
            aria-pressed={tool.toggle ? open === tool : undefined}
            onClick={() => void press(tool)}
            data-testid={`tool-${tool.id}`}
          >
            {t(`editor.tools.${tool.id}`)}
          </button>
        ))}
      </div>
      {Window ? (
        <Suspense fallback={null}>
          <Window activity={activity} onClose={close} onChanged={onChanged} guardClose={(g) => {
            guard.current = g;
          }} />
        </Suspense>
      ) : null}
    </>
  );
}
