// What a tool's window receives (./tool-list.ts opens it lazily; kept apart so the windows can name it without importing the list that loads them).
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
