// One chart of the dashboard, drawn by chart.js 4. The library is imported
// when the first chart mounts, so it is in its own chunk that only the
// system page loads (never the member's first screen, nor other staff pages).
// The figures are also written out under the chart, for readers and screen readers.
import { useEffect, useRef } from "react";
import { useLoaded } from "../../lib/use-loaded";

export type Series = { label: string; values: readonly number[]; color: string };
type Props = {
  kind: "bar" | "doughnut";
  labels: readonly string[];
  series: readonly Series[];
  label: string;
  horizontal?: boolean;
  height?: number;
  /** The value axis's end (100 for a percentage); the data's own otherwise. */
  max?: number;
  /** What the figures under the chart say for the i-th label; the series' values joined by " / " otherwise. */
  figure?: (i: number) => string;
};

const PALETTE = ["#9b1c2c", "#2f6db5", "#c7832a", "#1c6b3a", "#6b4fa3", "#5f6670"];
/** An activity's name is cut on the axis to this many characters, fewer on a phone (the figures below give it whole). */
const axisLabelMax = () => (matchMedia("(max-width: 560px)").matches ? 8 : 14);
const shorten = (text: string): string => {
  const most = axisLabelMax();
  return text.length > most ? `${text.slice(0, most - 1)}…` : text;
};
export const colorAt = (i: number): string => PALETTE[i % PALETTE.length]!;

async function loadChart() {
  const c = await import("chart.js");
  c.Chart.register(c.BarController, c.BarElement, c.CategoryScale, c.LinearScale, c.DoughnutController, c.ArcElement, c.Legend, c.Tooltip);
  return c.Chart;
}

export function DashboardChart({ kind, labels, series, label, horizontal, height, max, figure }: Props) {
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
                // A long activity name is cut on the axis (the figures below give it whole).
                ...(horizontal ? { y: { ticks: { callback: (_: unknown, i: number) => shorten(labels[i] ?? "") } } } : {}),
              },
            }),
      } as never,
    });
    return () => chart.destroy();
  }, [Chart, key]);
  return (
    <figure className={`dash-chart dash-chart-${kind}`}>
      <div className="dash-chart-canvas" style={height ? { height } : undefined}>
        <canvas ref={canvas} role="img" aria-label={label} />
      </div>
      <figcaption>
        <dl className="dash-figures">
          {labels.map((l, i) => (
            <div key={l} className="dash-figure">
              <dt>{l}</dt>
              <dd>{figure ? figure(i) : series.map((s) => s.values[i] ?? 0).join(" / ")}</dd>
            </div>
          ))}
        </dl>
      </figcaption>
    </figure>
  );
}
