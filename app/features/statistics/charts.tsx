import { useId, type ReactNode } from "react";
import { WORKLOAD_LEVELS, workloadColorVar } from "~/domain/workload/levels";
import { useFormat } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";
import { workloadLabel } from "~/lib/i18n/workload";

/**
 * The statistics' charts as plain SVG (decision 0121): each has a title, and a table with the
 * same numbers for screen readers and for anyone who prefers figures. The days over time are
 * uPlot's, in time-series.tsx (decision 0305); the doughnut, the bars and the bubbles stay SVG.
 */

/** The one scale's colours (issue 27, item 14): the same tokens as every other screen. */
export const LEVEL_COLOURS = WORKLOAD_LEVELS.map((level) => workloadColorVar(level));

export function ChartCard({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`min-w-0 overflow-hidden rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${className ?? ""}`}>
      <h2 id={id} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The numbers of a chart as a table only screen readers see (everyone else can read the chart). */
export function DataTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col">{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([a, b], i) => (
          <tr key={i}>
            <th scope="row">{a}</th>
            <td>{b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A doughnut of the four levels; a segment (or its legend entry) picks the level. The people
 * with no reported day are its grey rest, so its total is the People figure (issue 27, item 13).
 */
export function Doughnut({
  counts,
  people,
  selected,
  onSelect,
  caption,
}: {
  counts: number[];
  /** Everyone counted, those without data included. */
  people: number;
  selected: number | null;
  onSelect: (level: number | null) => void;
  caption: string;
}) {
  const t = useT();
  const reported = counts.reduce((a, b) => a + b, 0);
  const noData = Math.max(0, people - reported);
  const total = reported + noData;
  const r = 60;
  const c = 2 * Math.PI * r;
  let offset = 0;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <svg viewBox="0 0 160 160" className="h-40 w-40" aria-hidden="true" focusable="false">
        <circle cx="80" cy="80" r={r} fill="none" stroke="#e2e8f0" strokeWidth="24" />
        {counts.map((n, level) => {
          const length = total ? (n / total) * c : 0;
          const segment = (
            <circle
              key={level}
              data-level={level}
              cx="80"
              cy="80"
              r={r}
              fill="none"
              stroke={LEVEL_COLOURS[level]}
              strokeWidth={selected === level ? 30 : 24}
              strokeDasharray={`${length} ${c - length}`}
              strokeDashoffset={-offset}
              transform="rotate(-90 80 80)"
              className="cursor-pointer"
              onClick={() => onSelect(selected === level ? null : level)}
            />
          );
          offset += length;
          return segment;
        })}
        <text x="80" y="86" textAnchor="middle" fontSize="20" fill="#0f172a">
          {total}
        </text>
      </svg>
      <ul className="space-y-1 text-sm" aria-label={caption}>
        {counts.map((n, level) => (
          <li key={level}>
            <button
              type="button"
              aria-pressed={selected === level}
              onClick={() => onSelect(selected === level ? null : level)}
              className="flex items-center gap-2 rounded px-2 py-1 text-left hover:bg-slate-100 aria-pressed:bg-slate-200"
            >
              <span className="inline-block h-3 w-3 rounded-full" style={{ background: LEVEL_COLOURS[level] }} aria-hidden="true" />
              {t("statistics.levelCount", { level: workloadLabel(t, level), count: n })}
            </button>
          </li>
        ))}
        {noData ? (
          <li className="flex items-center gap-2 px-2 py-1 text-slate-600">
            <span className="inline-block h-3 w-3 rounded-full bg-slate-200" aria-hidden="true" />
            {t("statistics.levelCount", { level: workloadLabel(t, null), count: noData })}
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** Vertical bars with their value above; the table says the same. */
export function BarChart({
  bars,
  format,
  caption,
  labelHead,
}: {
  bars: { label: string; value: number | null }[];
  format: (v: number) => string;
  caption: string;
  /** What the bars' labels are (the table's first column header: axe's empty-table-header). */
  labelHead: string;
}) {
  const t = useT();
  const max = Math.max(1, ...bars.map((b) => b.value ?? 0));
  return (
    <figure className="relative">
      <div className="flex h-40 items-end gap-2" aria-hidden="true">
        {bars.map((b) => (
          <div key={b.label} className="flex flex-1 flex-col items-center justify-end gap-1">
            <span className="text-xs text-slate-600">{b.value === null ? "–" : format(b.value)}</span>
            <div className="w-full rounded-t bg-brand-500" style={{ height: `${((b.value ?? 0) / max) * 110}px` }} />
            <span className="text-xs text-slate-600">{b.label}</span>
          </div>
        ))}
      </div>
      <DataTable
        caption={caption}
        head={[labelHead, t("statistics.value")]}
        rows={bars.map((b) => [b.label, b.value === null ? workloadLabel(t, null) : format(b.value)])}
      />
    </figure>
  );
}

/**
 * Home days per week against average workload (the spec's WFH-to-workload bubble chart): one
 * bubble per pair of values, its area the number of people there, with Pearson's r above.
 * Workload is on the displayed scale (stored + 1, 1 to 4); the table holds every bubble.
 */
export function BubbleChart({
  points,
  r,
  caption,
}: {
  points: { homeDaysPerWeek: number; avgWorkload: number; nbrOfUsers: number }[];
  r: number | null;
  caption: string;
}) {
  const t = useT();
  const fmt = useFormat();
  const width = 600;
  const height = 220;
  // Room for the biggest bubble (18 px) beside the axis labels at 0 and 5 days.
  const left = 56;
  const right = 22;
  const top = 14;
  const bottom = 30;
  const x = (days: number) => left + (Math.min(5, Math.max(0, days)) / 5) * (width - left - right);
  const y = (workload: number) => height - bottom - ((Math.min(4, Math.max(1, workload)) - 1) / 3) * (height - top - bottom);
  const most = Math.max(1, ...points.map((p) => p.nbrOfUsers));
  // Area follows the count: the radius grows with its square root, from 4 to 18 px.
  const radius = (n: number) => 4 + 14 * Math.sqrt(n / most);
  const shown = [...points].sort((a, b) => b.nbrOfUsers - a.nbrOfUsers);
  return (
    <figure className="relative">
      <p className="mb-2 text-sm text-slate-600">
        {t("statistics.correlation")} <span className="font-semibold text-slate-900">{r === null ? "–" : fmt.number(r, 2)}</span>
        {r === null ? t("statistics.tooFew") : null}
      </p>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-52 w-full" aria-hidden="true" focusable="false" data-testid="bubble-chart">
        {[1, 2, 3, 4].map((v) => (
          <g key={v}>
            <line x1={left} x2={width - right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" />
            <text x={left - 26} y={y(v) + 4} fontSize="11" fill="#64748b" textAnchor="end">
              {v}
            </text>
          </g>
        ))}
        {[0, 1, 2, 3, 4, 5].map((d) => (
          <text key={d} x={x(d)} y={height - bottom + 16} fontSize="11" fill="#64748b" textAnchor="middle">
            {d}
          </text>
        ))}
        <text x={(left + width - right) / 2} y={height - 2} fontSize="11" fill="#64748b" textAnchor="middle">
          {t("statistics.homeDaysPerWeek")}
        </text>
        <text
          x={10}
          y={(top + height - bottom) / 2}
          fontSize="11"
          fill="#64748b"
          textAnchor="middle"
          transform={`rotate(-90 10 ${(top + height - bottom) / 2})`}
        >
          {t("statistics.workload")}
        </text>
        {shown.map((p) => (
          <circle
            key={`${p.homeDaysPerWeek}/${p.avgWorkload}`}
            cx={x(p.homeDaysPerWeek)}
            cy={y(p.avgWorkload + 1)}
            r={radius(p.nbrOfUsers)}
            fill="#1d4ed8"
            fillOpacity={0.35}
            stroke="#1d4ed8"
            data-testid="bubble"
          />
        ))}
      </svg>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("statistics.homeDaysPerWeek")}</th>
            <th scope="col">{t("statistics.averageWorkload")}</th>
            <th scope="col">{t("overview.people")}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => (
            <tr key={`${p.homeDaysPerWeek}/${p.avgWorkload}`}>
              <th scope="row">{fmt.number(p.homeDaysPerWeek, 1)}</th>
              <td>{fmt.number(p.avgWorkload + 1, 1)}</td>
              <td>{p.nbrOfUsers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
