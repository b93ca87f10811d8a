import { useEffect, useMemo, useState } from "react";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import { PLANNER } from "~/domain/planner/timeline";
import { blockedDays } from "~/components/day-picker";
import { ForecastDialog, type ForecastInput } from "~/components/forecast-form";
import type { PlannerWrite, WriteResult } from "./use-planner-data";

export interface PlannerEditorState {
  mode: "add" | "edit" | "today";
  /** `today`: the person's today ("YYYY-MM-DD", their office's zone), when the planner knows it. */
  person: { _id: string; name: string; today?: string };
  forecast?: ApiForecast;
  /** Preselected days ("YYYY-MM-DD"), e.g. from a drag on an empty row. */
  startDate?: string;
  endDate?: string;
  status?: string | null;
}

/**
 * The planner's 'Add Forecast' / 'Edit Forecast' for one person. The 'today' mode is the
 * virtual placeholder: saved unchanged in shape (today only, no comment) it changes the
 * current state; any other range or a comment makes it a new forecast.
 */
export function PlannerEditor({
  state,
  onClose,
  today,
  absences,
  statusSelectable,
  commentLimit,
  write,
}: {
  state: PlannerEditorState | null;
  onClose: () => void;
  today: string;
  absences: { _id?: string; user: string; startDate: string; endDate: string }[];
  statusSelectable: boolean;
  commentLimit: number;
  write: (change: PlannerWrite) => Promise<WriteResult>;
}) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const initial = useMemo(
    () =>
      state
        ? {
            startDate: state.forecast?.startDate ?? state.startDate,
            endDate: state.forecast?.endDate ?? state.endDate,
            status: state.forecast?.status ?? state.status,
            comment: state.forecast?.comment,
          }
        : null,
    [state],
  );

  useEffect(() => {
    if (state) setError(null);
  }, [state]);

  const run = async (change: PlannerWrite) => {
    setSaving(true);
    const result = await write(change);
    setSaving(false);
    if (result.ok) onClose();
    else setError(result.message);
  };
  const save = ({ startDate, endDate, status, comment }: ForecastInput) => {
    if (!state) return;
    const day = (state.person.today ?? today).slice(0, 10);
    if (state.mode === "today" && startDate === day && endDate === day && !comment.trim())
      void run({ intent: "today", userId: state.person._id, status });
    else if (state.forecast) void run({ intent: "update", forecast: state.forecast, startDate, endDate, status, comment });
    else void run({ intent: "create", userId: state.person._id, startDate, endDate, status, comment });
  };
  const remove = () => {
    if (state?.forecast) void run({ intent: "delete", forecast: state.forecast });
  };

  return (
    <ForecastDialog
      open={Boolean(state)}
      initial={initial}
      idPrefix="planner"
      description={state?.person.name}
      zIndex={PLANNER.zIndex + 1}
      statusSelectable={statusSelectable}
      blocked={blockedDays(
        state?.person.today ?? today,
        absences.filter((a) => a.user === state?.person._id && a._id !== state?.forecast?._id),
      )}
      commentLimit={commentLimit}
      saving={saving}
      editing={state?.mode === "edit"}
      error={error}
      onClose={onClose}
      onDelete={remove}
      onSave={save}
    />
  );
}
