// Dates as the specs show them: yyyy-MM-dd HH:mm in the visitor's time zone.
const pad = (n: number) => String(n).padStart(2, "0");

export function formatDateTime(value: string | number | Date, withSeconds = false): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${withSeconds ? `:${pad(d.getSeconds())}` : ""}`;
  return `${date} ${time}`;
}
