// What the editor's tools are given (./tool-list.ts names the tools): kept
// apart, so the windows and actions the list loads lazily import no list.
import type { Activity } from "../activity-model";

export type ToolWindowProps = {
  activity: Activity;
  /** Closes the window. */
  onClose: () => void;
  /** Something changed: the page reads the activity again. */
  onChanged: () => void;
  /** A window that edits the page in place registers what its tool button asks before it closes it (unsaved changes). */
  guardClose?: (guard: () => Promise<boolean>) => void;
};

/** What an action tool is given: the activity, the page's reload, and a way to open another page. */
export type ToolActionContext = { activity: Activity; onChanged: () => void; navigate: (path: string) => void };
export type ToolAction = (ctx: ToolActionContext) => Promise<void>;
