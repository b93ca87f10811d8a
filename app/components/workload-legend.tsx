import clsx from "clsx";
import { WORKLOAD_LEVELS, workloadColorClass } from "~/domain/workload/levels";
import { useT } from "~/lib/i18n/i18n";
import { workloadLabel } from "~/lib/i18n/workload";

/**
 * What the workload colours mean, the same on every screen (issue 27, item 14). `scores`
 * puts the number a screen shows beside each name (1 Available … 4 Seriously busy); `away`
 * and `noData` add those two swatches where the screen can show them.
 */
export function WorkloadLegend({
  scores = false,
  away = true,
  noData = true,
  className,
  label,
  testId = "workload-legend",
}: {
  scores?: boolean;
  away?: boolean;
  noData?: boolean;
  className?: string;
  label?: string;
  testId?: string;
}) {
  const t = useT();
  const entries: { key: string; label: string; colour: string }[] = WORKLOAD_LEVELS.map((level) => ({
    key: String(level),
    label: scores ? t("workload.scored", { score: level + 1, name: workloadLabel(t, level) }) : workloadLabel(t, level),
    colour: workloadColorClass(level),
  }));
  if (away) entries.push({ key: "away", label: workloadLabel(t, null, true), colour: workloadColorClass(null, true) });
  if (noData) entries.push({ key: "none", label: workloadLabel(t, null), colour: workloadColorClass(null) });
  return (
    <ul
      aria-label={label ?? t("workload.legend")}
      className={clsx("flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600", className)}
      data-testid={testId}
    >
      {entries.map((entry) => (
        <li key={entry.key} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={clsx("inline-block h-2.5 w-2.5 shrink-0 rounded-full", entry.colour)} />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
