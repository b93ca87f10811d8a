import clsx from "clsx";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import { useFormat } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";
import { DataTable } from "./charts";
import { dayStamp, INSET, type TimeSeries } from "./time-series-layout";

export type { TimeSeries };

/**
 * Days on one x axis with up to two series, each on its own y scale (decision 0305): uPlot
 * in the browser (hover read-out in the legend, drag to zoom, a legend button per series),
 * and until it is there, or without JavaScript, the same lines as SVG in the same box. The
 * tables under it hold every number, one per series, for screen readers.
 */

/** The canvas chart: uPlot and its React wrapper, fetched only where a time series is drawn. */
const TimeSeriesPlot = lazy(() => import("./time-series-plot.client"));

/** Height of the plot box, the SVG stand-in and the canvas alike, so nothing moves when one replaces the other. */
export const PLOT_HEIGHT = 240;

export function TimeSeriesChart({ days, series, hint }: { days: string[]; series: TimeSeries[]; hint?: string }) {
  const t = useT();
  const fmt = useFormat();
  const [browser, setBrowser] = useState(false);
  const [ready, setReady] = useState(false);
  const [hidden, setHidden] = useState<boolean[]>(() => series.map(() => false));
  const [cursor, setCursor] = useState<number | null>(null);
  const [view, setView] = useState<[number, number] | null>(null);
  const chart = useRef<uPlot | null>(null);
  useEffect(() => setBrowser(true), []);
  // A single day has nothing to zoom into or read along: the SVG draws it as a dot.
  const interactive = browser && days.length > 1;
  const toggle = (i: number) => {
    const next = hidden.map((h, j) => (j === i ? !h : h));
    setHidden(next);
    chart.current?.setSeries(i + 1, { show: !next[i] });
  };
  const resetZoom = () => {
    chart.current?.setScale("x", { min: dayStamp(days[0]), max: dayStamp(days.at(-1)!) });
  };
  const shownDays = view ? days.filter((d) => dayStamp(d) >= view[0] && dayStamp(d) <= view[1]) : days;
  const zoomed = view !== null && shownDays.length < days.length;
  const readOut = (s: TimeSeries) => {
    if (cursor === null || hidden[series.indexOf(s)]) return null;
    const value = s.values[cursor];
    return value === null || value === undefined ? t("workload.noData") : s.format(value);
  };
  const range = shownDays.length ? `${fmt.dayMonthYear(shownDays[0])} – ${fmt.dayMonthYear(shownDays.at(-1)!)}` : "";
  return (
    <figure className="relative">
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-x-4 gap-y-1">
        {/* One per line on a phone, so a value read out never wraps the legend and moves the chart. */}
        <ul className="flex flex-col items-start gap-1 text-sm sm:flex-row sm:flex-wrap sm:gap-2" aria-label={t("statistics.series")}>
          {series.map((s, i) => (
            <li key={s.label}>
              <button
                type="button"
                aria-pressed={!hidden[i]}
                onClick={() => toggle(i)}
                className="flex items-center gap-2 rounded-md px-2 py-1 text-left ring-1 ring-slate-200 hover:bg-slate-50 aria-[pressed=false]:text-slate-500"
                data-testid="series-toggle"
              >
                <span
                  aria-hidden="true"
                  className={clsx("inline-block h-1 w-4 rounded-full", hidden[i] && "opacity-30")}
                  style={{ background: `var(${s.colour})` }}
                />
                <span className={clsx(hidden[i] && "line-through")}>{s.label}</span>
                {readOut(s) !== null ? (
                  <span className="font-semibold tabular-nums text-slate-900" data-testid="series-value">
                    {readOut(s)}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        {zoomed ? (
          <button
            type="button"
            onClick={resetZoom}
            className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 ring-1 ring-slate-200 hover:bg-slate-50"
          >
            {t("statistics.resetZoom")}
          </button>
        ) : null}
      </div>
      <p className="mt-1 h-5 truncate text-xs text-slate-600" data-testid="chart-readout">
        {cursor !== null && days[cursor] ? (
          <span className="font-medium text-slate-900">
            {fmt.weekdayShort(days[cursor])} {fmt.dayMonthYear(days[cursor])}
          </span>
        ) : (
          <>
            {range}
            {interactive && ready && !zoomed && hint ? <span className="hidden sm:inline"> · {hint}</span> : null}
          </>
        )}
      </p>
      <div className="relative mt-1" style={{ height: PLOT_HEIGHT }}>
        {ready ? null : <TimeSeriesSvg days={days} series={series} hidden={hidden} />}
        {interactive ? (
          <Suspense fallback={null}>
            <TimeSeriesPlot
              days={days}
              series={series}
              hidden={hidden}
              height={PLOT_HEIGHT}
              formatDay={fmt.dayMonth}
              onCreate={(created) => {
                chart.current = created;
                setReady(true);
              }}
              onCursor={setCursor}
              onView={(min, max) => setView(min <= dayStamp(days[0]) && max >= dayStamp(days.at(-1)!) ? null : [min, max])}
            />
          </Suspense>
        ) : null}
      </div>
      {series.map((s) => (
        <DataTable
          key={s.label}
          caption={s.caption}
          head={[t("statistics.date"), t("statistics.value")]}
          rows={days.map((d, i) => [fmt.dayMonthYear(d), s.values[i] === null ? t("workload.noData") : s.format(s.values[i]!)])}
        />
      ))}
    </figure>
  );
}

/**
 * The server's drawing, and the one without JavaScript: each series as a line on its own
 * scale (the first labelled on the left, the second on the right), gaps where there is no
 * value, a run of one day as a dot. The lines stretch to any width (non-scaling strokes); the
 * labels are text beside them, so they never stretch.
 */
function TimeSeriesSvg({ days, series, hidden }: { days: string[]; series: TimeSeries[]; hidden: boolean[] }) {
  const fmt = useFormat();
  const right = series.length > 1 ? INSET.right : 12;
  const x = (i: number) => (days.length <= 1 ? 500 : (i / (days.length - 1)) * 1000);
  const fraction = (s: TimeSeries, v: number) => (v - s.min) / (s.max - s.min || 1);
  const top = (f: number) => `calc(${INSET.top}px + ${(1 - f).toFixed(4)} * (100% - ${INSET.top + INSET.bottom}px))`;
  return (
    <div className="absolute inset-0 text-[11px]" aria-hidden="true" data-testid="chart-svg">
      <svg
        viewBox="0 0 1000 100"
        preserveAspectRatio="none"
        className="absolute overflow-visible"
        style={{
          left: INSET.left,
          right,
          top: INSET.top,
          bottom: INSET.bottom,
          width: `calc(100% - ${INSET.left + right}px)`,
          height: `calc(100% - ${INSET.top + INSET.bottom}px)`,
        }}
        focusable="false"
      >
        {series[0]?.ticks.map((v) => (
          <line
            key={v}
            x1={0}
            x2={1000}
            y1={100 - fraction(series[0], v) * 100}
            y2={100 - fraction(series[0], v) * 100}
            stroke="var(--color-slate-200)"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {series.map((s, si) => {
          const y = (v: number) => 100 - fraction(s, v) * 100;
          // Runs of days with a value; a run of one day is a dot (a path of one point draws nothing).
          const runs: [number, number][][] = [];
          let run: [number, number][] = [];
          s.values.forEach((value, i) => {
            if (value === null) {
              if (run.length) runs.push(run);
              run = [];
              return;
            }
            run.push([x(i), y(value)]);
          });
          if (run.length) runs.push(run);
          const paths = runs
            .filter((r) => r.length > 1)
            .map((r) => r.map(([px, py], i) => `${i ? "L" : "M"}${px.toFixed(1)},${py.toFixed(2)}`).join(" "));
          const dots = runs.filter((r) => r.length === 1).map((r) => r[0]);
          return (
            <g
              key={s.label}
              data-series={s.label}
              opacity={hidden[si] ? 0 : 1}
              stroke={`var(${s.colour})`}
              fill="none"
              vectorEffect="non-scaling-stroke"
            >
              {paths.map((d, i) => (
                <path key={i} d={d} strokeWidth="2" vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
              ))}
              {/* A zero-length stroke with round caps: a circle at any stretch. */}
              {dots.map(([cx, cy], i) => (
                <path
                  key={i}
                  d={`M${cx},${cy.toFixed(2)}h0`}
                  strokeWidth="7"
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                  data-testid="chart-dot"
                />
              ))}
            </g>
          );
        })}
      </svg>
      {series.slice(0, 2).map((s, si) =>
        s.ticks.map((v) => (
          <span
            key={`${si}/${v}`}
            className={clsx("absolute -translate-y-1/2 whitespace-nowrap", hidden[si] && "invisible")}
            style={{
              top: top(fraction(s, v)),
              color: `var(${s.colour})`,
              ...(si === 0 ? { right: `calc(100% - ${INSET.left - 6}px)` } : { left: `calc(100% - ${right - 6}px)` }),
            }}
          >
            {s.format(v)}
          </span>
        )),
      )}
      {days.length > 0 ? (
        <div className="absolute flex justify-between text-slate-600" style={{ left: INSET.left, right, bottom: 4 }}>
          <span>{fmt.dayMonthYear(days[0])}</span>
          {days.length > 1 ? <span>{fmt.dayMonthYear(days.at(-1)!)}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
