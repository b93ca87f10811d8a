import clsx from "clsx";
import { workloadColorClass } from "~/domain/workload/levels";
import { useT } from "~/lib/i18n/i18n";

/** The sort arrows: marks, the same in every language. */
const ARROW = { up: "▲", down: "▼" };

/** A sorting header's aria-sort: a token for assistive technology, not a word. */
export function ariaSortOf(active: boolean, dir: "asc" | "desc") {
  return active ? (dir === "asc" ? "ascending" : "descending") : "none";
}

/** A workload level as a coloured dot and its name (STATUS, FORECAST, AVERAGE STATUS cells). */
export function StatusDot({ level, away = false }: { level: number | null; away?: boolean }) {
  const t = useT();
  const known = level === 0 || level === 1 || level === 2 || level === 3;
  const name = away ? t("workload.away") : known ? t(`workload.level${level}`) : t("projects.noData");
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span aria-hidden="true" className={clsx("h-2.5 w-2.5 shrink-0 rounded-full", workloadColorClass(level, away))} />
      <span>{name}</span>
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
    <th scope="col" aria-sort={ariaSortOf(active, dir)} className={clsx("px-3 py-2 text-left", className)}>
      <button
        type="button"
        onClick={onClick}
        className="inline-flex items-center gap-1 text-xs font-semibold tracking-wide text-slate-600 uppercase hover:text-slate-900"
      >
        {label}
        <span aria-hidden="true" className={clsx("text-[10px]", active ? "text-brand-700" : "text-slate-300")}>
          {active && dir === "desc" ? ARROW.down : ARROW.up}
        </span>
      </button>
    </th>
  );
}

/** A sorting header of one of a table's sort keys: `onSort(sortKey)` when clicked. */
export function SortBy<K extends string>({
  sortKey,
  label,
  sort,
  onSort,
  className,
}: {
  sortKey: K;
  label: string;
  sort: { key: string; dir: "asc" | "desc" };
  onSort: (key: K) => void;
  className?: string;
}) {
  return <SortHeader label={label} active={sort.key === sortKey} dir={sort.dir} onClick={() => onSort(sortKey)} className={className} />;
}
