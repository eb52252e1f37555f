// Tabs inside a window or a page (the order detail's basic, pay, address ...):
// a tab list and the chosen tab's panel, as the WAI-ARIA tabs pattern has it.
// The arrow keys, Home and End move between tabs and show the one reached.
// Only the chosen panel is drawn, so a panel may load what it shows when it
// first appears (a ticket's QR code).
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";

export type TabItem = { key: string; label: string; panel: () => ReactNode };

export function Tabs({ id, label, tabs, initial }: { id: string; label: string; tabs: TabItem[]; initial?: string }) {
  const [chosen, setChosen] = useState(initial ?? tabs[0]?.key);
  const list = useRef<HTMLDivElement>(null);
  const current = tabs.find((tab) => tab.key === chosen) ?? tabs[0];
  if (!current) return null;

  const choose = (key: string) => {
    setChosen(key);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-tab-${key}`)}`)?.focus();
  };

  const onKey = (event: KeyboardEvent) => {
    const at = tabs.indexOf(current);
    const to =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? (at + 1) % tabs.length
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    choose(tabs[to]!.key);
  };

  return (
    <div className="tabs">
      <div className="tabs-list" role="tablist" aria-label={label} ref={list} onKeyDown={onKey}>
        {tabs.map((tab) => {
          const selected = tab === current;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              className="tab"
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              data-tab={tab.key}
              onClick={() => choose(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div className="tab-panel" role="tabpanel" id={`${id}-panel-${current.key}`} aria-labelledby={`${id}-tab-${current.key}`} tabIndex={0} data-panel={current.key}>
        {current.panel()}
      </div>
    </div>
  );
}
