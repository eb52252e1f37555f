// One chart drawn by chart.js 4: the staff dashboard's (pages/admin/
// dashboard-chart.tsx) and a survey's tally (pages/surveys/tally.tsx). The
// library is imported when the first chart mounts, so it is a chunk of its
// own that only pages with a chart load (never the member's first screen).
// A chart is a picture named by `label`; the page writes the same numbers out
// beside it for readers and screen readers.
import { useEffect, useRef } from "react";
import { useLoaded } from "../lib/use-loaded";

export type Series = { label: string; values: readonly number[]; color: string };
export type ChartProps = {
  kind: "bar" | "doughnut";
  labels: readonly string[];
  series: readonly Series[];
  label: string;
  /** Bars lying down: long labels read along the axis. */
  horizontal?: boolean;
  /** The value axis's end (100 for a percentage); the data's own otherwise. */
  max?: number;
};

const PALETTE = ["#9b1c2c", "#2f6db5", "#c7832a", "#1c6b3a", "#6b4fa3", "#5f6670"];
export const colorAt = (i: number): string => PALETTE[i % PALETTE.length]!;

/** A label is cut on the axis to this many characters, fewer on a phone (the numbers beside the chart give it whole). */
const axisLabelMax = () => (matchMedia("(max-width: 560px)").matches ? 10 : 24);
const shorten = (text: string): string => {
  const most = axisLabelMax();
  return text.length > most ? `${text.slice(0, most - 1)}…` : text;
};

async function loadChart() {
  const c = await import("chart.js");
  c.Chart.register(c.BarController, c.BarElement, c.CategoryScale, c.LinearScale, c.DoughnutController, c.ArcElement, c.Legend, c.Tooltip);
  return c.Chart;
}

/** The chart's canvas in a box of `className` (which gives its height, or `height` does). */
export function ChartCanvas({ kind, labels, series, label, horizontal, max, className, height }: ChartProps & { className: string; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const key = JSON.stringify([kind, labels, series, horizontal, max]);
  const Chart = useLoaded(loadChart, []);
  useEffect(() => {
    if (!Chart || !canvas.current) return;
    const doughnut = kind === "doughnut";
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels: [...labels],
        datasets: series.map((s) => ({
          label: s.label,
          data: [...s.values],
          backgroundColor: doughnut ? labels.map((_, i) => colorAt(i)) : s.color,
          borderWidth: doughnut ? 2 : 0,
          borderRadius: doughnut ? 0 : 4,
          maxBarThickness: 36,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        indexAxis: horizontal ? "y" : "x",
        plugins: { legend: { display: doughnut || series.length > 1, position: "bottom", labels: { boxWidth: 12 } } },
        ...(doughnut
          ? {}
          : {
              scales: {
                [horizontal ? "x" : "y"]: { beginAtZero: true, ...(max !== undefined ? { max } : {}), ticks: { precision: 0 } },
                ...(horizontal ? { y: { ticks: { callback: (_: unknown, i: number) => shorten(labels[i] ?? "") } } } : {}),
              },
            }),
      } as never,
    });
    return () => chart.destroy();
  }, [Chart, key]);
  return (
    <div className={className} style={height ? { height } : undefined}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
