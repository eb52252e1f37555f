// A table that always shows `rows` lines (the specs give a row count per
// list), filling the space below the data with blank lines.
import type { ReactNode } from "react";
import { useT } from "../i18n";

export type Column<T> = { key: string; title: string; render: (row: T) => ReactNode; width?: string; align?: "left" | "right" | "center" };

export type PaddedTableProps<T> = {
  columns: Column<T>[];
  data: readonly T[];
  rowKey: (row: T) => string | number;
  rows: number;
  caption?: string;
};

export function PaddedTable<T>({ columns, data, rowKey, rows, caption }: PaddedTableProps<T>) {
  const t = useT();
  const blanks = Math.max(0, rows - data.length);
  return (
    <div className="table-wrap">
      <table className="table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" style={{ width: c.width, textAlign: c.align }}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} style={{ textAlign: c.align }}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
          {Array.from({ length: blanks }, (_, i) =>
            i === 0 && data.length === 0 ? (
              <tr key="empty" className="table-blank">
                <td colSpan={columns.length} className="table-empty">
                  {t("table.empty")}
                </td>
              </tr>
            ) : (
              <tr key={`blank-${i}`} className="table-blank" aria-hidden="true">
                {columns.map((c) => (
                  <td key={c.key}>&nbsp;</td>
                ))}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
