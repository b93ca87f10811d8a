import { createElement, useEffect, useMemo, useRef, useState } from "react";
import uPlot from "uplot";
import UplotReact from "uplot-react";
import { dayStamp, INSET, type TimeSeries } from "./time-series-layout";

/**
 * The canvas behind TimeSeriesChart (decision 0305), in a chunk of its own that only
 * /statistics fetches; `.client` keeps it (and uPlot, which reads `window` and draws on a
 * canvas) out of the server build. uPlot's own legend is off: the legend is React's
 * buttons, which this reports the cursor's day and the zoomed range to.
 *
 * It imports nothing the other pages' code holds but React: no JSX (createElement instead) and
 * no app module but the layout constants. esbuild splits a module shared by a lazy chunk out of
 * the chunk every page loads, so JSX here moved React's jsx-runtime into a file of its own on
 * every page (one more request, +0.4 KiB gzip each; measured with npm run bench:js).
 */
export default function TimeSeriesPlot({
  days,
  series,
  hidden,
  height,
  formatDay,
  onCreate,
  onCursor,
  onView,
}: {
  days: string[];
  series: TimeSeries[];
  hidden: boolean[];
  height: number;
  /** A tick's day, in the reader's words ("23 Nov", "Nov 23"), from milliseconds. */
  formatDay: (ms: number) => string;
  onCreate: (chart: uPlot) => void;
  onCursor: (index: number | null) => void;
  onView: (min: number, max: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // The chart follows its card's width (a phone turned, a side bar folded).
  useEffect(() => {
    const element = box.current!;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // Callbacks through a ref: new options would make uplot-react build a new chart (and drop the zoom).
  const handlers = useRef({ onCursor, onView });
  handlers.current = { onCursor, onView };
  const shownAtCreation = useRef(hidden);
  shownAtCreation.current = hidden;

  const data = useMemo<uPlot.AlignedData>(() => [days.map(dayStamp), ...series.map((s) => s.values)], [days, series]);
  const base = useMemo<Omit<uPlot.Options, "width" | "height">>(() => {
    const styles = getComputedStyle(document.documentElement);
    const token = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
    const font = `11px ${getComputedStyle(document.body).fontFamily}`;
    const grid = token("--color-slate-200", "#e2e8f0");
    const muted = token("--color-slate-600", "#475569");
    const colours = series.map((s) => token(s.colour, "#1d5576"));
    const twoScales = series.length > 1;
    return {
      padding: [INSET.top, twoScales ? 0 : 12, 0, 0],
      legend: { show: false },
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
      // A day is the unit: only the day's vertical line follows the pointer, and a drag picks days.
      cursor: { y: false, drag: { x: true, y: false, setScale: true, dist: 8 }, points: { size: 8 } },
      scales: {
        x: { time: true },
        ...Object.fromEntries(series.map((s, i) => [`s${i}`, { auto: false, range: [s.min, s.max] as [number, number] }])),
      },
      series: [
        {},
        ...series.map((s, i) => ({
          label: s.label,
          scale: `s${i}`,
          stroke: colours[i],
          width: 2,
          show: !shownAtCreation.current[i],
          spanGaps: false,
          points: { size: 6, fill: colours[i] },
        })),
      ],
      axes: [
        {
          size: INSET.bottom,
          space: 72,
          font,
          stroke: muted,
          grid: { show: false },
          ticks: { stroke: grid },
          values: (_u: uPlot, splits: number[]) => splits.map((s) => formatDay(s * 1000)),
        },
        ...series.slice(0, 2).map((s, i) => ({
          scale: `s${i}`,
          side: i === 0 ? 3 : 1,
          size: i === 0 ? INSET.left : INSET.right,
          font,
          stroke: colours[i],
          grid: { show: i === 0, stroke: grid, width: 1 },
          ticks: { show: false },
          splits: () => s.ticks,
          values: (_u: uPlot, splits: number[]) => splits.map((v) => s.format(v)),
        })),
      ],
      hooks: {
        setCursor: [
          (u: uPlot) => {
            const index = u.cursor.idx;
            handlers.current.onCursor(index === null || index === undefined || (u.cursor.left ?? -1) < 0 ? null : index);
          },
        ],
        setScale: [
          (u: uPlot, key: string) => {
            if (key === "x" && u.scales.x.min !== undefined && u.scales.x.max !== undefined) handlers.current.onView(u.scales.x.min, u.scales.x.max);
          },
        ],
      },
    };
  }, [series, formatDay]);
  const options = useMemo(() => ({ ...base, width, height }), [base, width, height]);
  return createElement(
    "div",
    { ref: box, className: "absolute inset-0", "data-testid": "chart-canvas" },
    width > 0 ? createElement(UplotReact, { options, data, onCreate }) : null,
  );
}
