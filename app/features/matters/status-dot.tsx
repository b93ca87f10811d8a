import clsx from "clsx";
import { workloadColorClass, workloadLabel } from "~/domain/workload/levels";

/** A workload level as a coloured dot and its name (STATUS, FORECAST, AVERAGE STATUS cells). */
export function StatusDot({ level, away = false }: { level: number | null; away?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span aria-hidden="true" className={clsx("h-2.5 w-2.5 shrink-0 rounded-full", workloadColorClass(level, away))} />
      <span>{workloadLabel(level, away)}</span>
    </span>
  );
}

/** A header cell that sorts its table; aria-sort tells which one does. */
export function SortHeader({
  label,
  active,
  dir,
  onClick,
  className,
}: {
  label: string;
  active: boolean;
  dir: "asc" | "desc";
  onClick: () => void;
  className?: string;
}) {
  return (
    <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"} className={clsx("px-3 py-2 text-left", className)}>
      <button
        type="button"
        onClick={onClick}
        className="inline-flex items-center gap-1 text-xs font-semibold tracking-wide text-slate-600 uppercase hover:text-slate-900"
      >
        {label}
        <span aria-hidden="true" className={clsx("text-[10px]", active ? "text-brand-700" : "text-slate-300")}>
          {active && dir === "desc" ? "▼" : "▲"}
        </span>
      </button>
    </th>
  );
}
