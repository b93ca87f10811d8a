import clsx from "clsx";
import { useEffect, useRef, useState } from "react";
import { WORKLOAD_MAX, WORKLOAD_MIN } from "~/domain/workload/limits";
import { workloadColorClass } from "~/domain/workload/levels";
import { useT } from "~/lib/i18n/i18n";
import { workloadLabel } from "~/lib/i18n/workload";
import { SaveError } from "./save-error";
import { useDashboardWrite } from "./use-dashboard-write";

/**
 * A workload level with minus and plus: minus stops at 0, plus at 3. Every click counts:
 * the level the clicks add up to shows at once, and one save runs at a time, so the last
 * level clicked is the last one the server writes (a quicker click does not abort a save
 * that may already have landed). If a save fails, the saved level shows again with why.
 */
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
  const t = useT();
  const { shown, change, error } = useStepperSaves(kind, level);
  const label = workloadLabel(t, shown, away);
  return (
    <div>
      <div className="flex items-center gap-3">
        <StepButton
          label={t("dashboard.stepper.decrease", { kind })}
          onClick={() => change(-1)}
          disabled={disabled || shown === WORKLOAD_MIN || shown === null}
        >
          −
        </StepButton>
        <div className="min-w-0 flex-1 text-center" data-testid={`${kind}-workload`} aria-live="polite">
          <span className={clsx("mx-auto mb-1 block h-2 w-16 rounded-full", workloadColorClass(shown, away))} aria-hidden="true" />
          <span className="text-lg font-semibold text-slate-900">{label}</span>
        </div>
        <StepButton label={t("dashboard.stepper.increase", { kind })} onClick={() => change(1)} disabled={disabled || shown === WORKLOAD_MAX}>
          +
        </StepButton>
      </div>
      {disabled && disabledReason ? <p className="mt-2 text-center text-xs text-slate-500">{disabledReason}</p> : null}
      <SaveError message={error} />
    </div>
  );
}

/**
 * The level the clicks add up to (`target`, kept in a ref too, so clicks faster than a
 * render still add up) and the saves behind it: when no save runs and the target is not
 * the level last sent, the target is sent; when the last save lands, the loader's level
 * (revalidated by then) shows again; when a save fails, the target is dropped (rollback).
 */
function useStepperSaves(kind: "current" | "future", level: number | null) {
  const write = useDashboardWrite(`workload-${kind}`);
  const [target, setTarget] = useState<number | null>(null);
  const targetRef = useRef<number | null>(null);
  const save = useRef<{ sent: number; started: boolean } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const { busy, submit } = write;
  const result = write.result;

  useEffect(() => {
    const running = save.current;
    if (busy) {
      if (running) running.started = true;
      return;
    }
    if (running && !running.started) return; // submitted, the fetcher has not started yet
    if (running) {
      save.current = null;
      if (result && !result.ok) {
        targetRef.current = null;
        setTarget(null);
        setFailed(result.message);
        return;
      }
    }
    if (target === null) return;
    if (running && running.sent === target) {
      targetRef.current = null;
      setTarget(null);
      return;
    }
    save.current = { sent: target, started: false };
    submit(kind, { workscale: String(target) });
  }, [busy, result, target, kind, submit]);

  const shown = target ?? level;
  const change = (delta: number) => {
    const from = targetRef.current ?? level;
    const next = Math.min(WORKLOAD_MAX, Math.max(WORKLOAD_MIN, (from ?? (delta > 0 ? -1 : 1)) + delta));
    targetRef.current = next;
    setFailed(null);
    setTarget(next);
  };
  return { shown, change, error: failed };
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
