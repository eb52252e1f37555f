// The head of a panel of the security page (the devices, the calendar feed,
// my data): a line icon, the title, a line under it, and the panel's action
// at the right, laid out as the account's rows above them are.
import type { ReactNode } from "react";

export function PanelHead(props: {
  /** The panel's class stem: `sessions` gives sessions-head and sessions-title. */
  name: string;
  /** The icon's path, drawn in a 20 px box with a 1.5 px stroke. */
  icon: string;
  titleId?: string;
  title: string;
  /** What the title is followed by: a sentence, or a value. */
  under: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={`security-item ${props.name}-head`}>
      <span className="security-icon" aria-hidden="true">
        <svg viewBox="0 0 20 20" width="20" height="20">
          <path d={props.icon} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <div className="security-text">
        <h3 id={props.titleId} className={`security-label ${props.name}-title`}>
          {props.title}
        </h3>
        {props.under}
      </div>
      {props.action}
    </div>
  );
}
