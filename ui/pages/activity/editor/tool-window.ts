// What every editor tool's window is given (./tool-list.ts opens them).
import type { Activity } from "../activity-model";

export type ToolWindowProps = {
  activity: Activity;
  /** Closes the window. */
  onClose: () => void;
  /** Something changed: the page reads the activity again. */
  onChanged: () => void;
};
