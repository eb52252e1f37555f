// One chart of the dashboard (components/chart-canvas.tsx), with its figures
// written out under it for readers and screen readers.
import { ChartCanvas, type ChartProps } from "../../components/chart-canvas";

export { colorAt } from "../../components/chart-canvas";

type Props = ChartProps & {
  height?: number;
  /** What the figures under the chart say for the i-th label; the series' values joined by " / " otherwise. */
  figure?: (i: number) => string;
};

export function DashboardChart({ figure, height, ...chart }: Props) {
  const { kind, labels, series } = chart;
  return (
    <figure className={`dash-chart dash-chart-${kind}`}>
      <ChartCanvas {...chart} className="dash-chart-canvas" height={height} />
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
