import clsx from "clsx";
import { WORKLOAD_MAX, WORKLOAD_MIN } from "~/domain/workload/limits";
import { workloadColorClass, workloadLabel } from "~/domain/workload/levels";
import { SaveError } from "./save-error";
import { useDashboardWrite } from "./use-dashboard-write";

/** A workload level with minus and plus: minus stops at 0, plus at 3. */
export function WorkloadStepper({
  kind,
  level,
  away,
  disabled,
  disabledReason,
}: {
  kind: "current" | "future";
  level: number | null;
  away?: boolean;
  disabled: boolean;
  disabledReason?: string;
}) {
  const write = useDashboardWrite(`workload-${kind}`);
  const shown = write.pending ? Number(write.pending.workscale) : level;
  const change = (delta: number) => {
    const next = Math.min(WORKLOAD_MAX, Math.max(WORKLOAD_MIN, (shown ?? (delta > 0 ? -1 : 1)) + delta));
    write.submit(kind, { workscale: String(next) });
  };
  const label = workloadLabel(shown, away);
  const name = kind === "current" ? "current workload" : "future workload";
  return (
    <div>
      <div className="flex items-center gap-3">
        <StepButton label={`Decrease ${name}`} onClick={() => change(-1)} disabled={disabled || shown === WORKLOAD_MIN || shown === null}>
          −
        </StepButton>
        <div className="min-w-0 flex-1 text-center" data-testid={`${kind}-workload`} aria-live="polite">
          <span className={clsx("mx-auto mb-1 block h-2 w-16 rounded-full", workloadColorClass(shown, away))} aria-hidden="true" />
          <span className="text-lg font-semibold text-slate-900">{label}</span>
        </div>
        <StepButton label={`Increase ${name}`} onClick={() => change(1)} disabled={disabled || shown === WORKLOAD_MAX}>
          +
        </StepButton>
      </div>
      {disabled && disabledReason ? <p className="mt-2 text-center text-xs text-slate-500">{disabledReason}</p> : null}
      <SaveError message={write.error} />
    </div>
  );
}

function StepButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled: boolean; children: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white text-xl font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-300 disabled:ring-slate-200"
    >
      {children}
    </button>
  );
}
