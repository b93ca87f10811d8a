import { useEffect, useState } from "react";
import type { DateRange } from "react-day-picker";
import { Modal } from "~/components/dialog";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import { PLANNER } from "~/domain/planner/timeline";
import { blockedDays } from "~/features/dashboard/day-picker";
import { dayKey, parseDayKey } from "~/lib/dates";
import { ForecastForm } from "~/features/dashboard/forecast-form";
import type { PlannerWrite, WriteResult } from "./use-planner-data";

export interface PlannerEditorState {
  mode: "add" | "edit" | "today";
  person: { _id: string; name: string };
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
  const [range, setRange] = useState<DateRange | undefined>();
  const [status, setStatus] = useState<string | null>(null);
  const [comment, setComment] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!state) return;
    const start = state.forecast?.startDate ?? state.startDate;
    const end = state.forecast?.endDate ?? state.endDate ?? start;
    setRange(start ? { from: parseDayKey(start), to: parseDayKey(end!) } : undefined);
    setStatus(state.forecast?.status ?? state.status ?? (statusSelectable ? null : "away"));
    setComment(state.forecast?.comment ?? "");
    setError(null);
  }, [state, statusSelectable]);

  const close = () => {
    if (!saving) onClose();
  };
  const run = async (change: PlannerWrite) => {
    setSaving(true);
    const result = await write(change);
    setSaving(false);
    if (result.ok) onClose();
    else setError(result.message);
  };
  const save = () => {
    if (!state || !range?.from || !status || saving) return;
    const startDate = dayKey(range.from);
    const endDate = dayKey(range.to ?? range.from);
    const day = today.slice(0, 10);
    if (state.mode === "today" && startDate === day && endDate === day && !comment.trim())
      void run({ intent: "today", userId: state.person._id, status });
    else if (state.forecast) void run({ intent: "update", forecast: state.forecast, startDate, endDate, status, comment });
    else void run({ intent: "create", userId: state.person._id, startDate, endDate, status, comment });
  };
  const remove = () => {
    if (state?.forecast) void run({ intent: "delete", forecast: state.forecast });
  };

  const blocked = blockedDays(
    today,
    absences.filter((a) => a.user === state?.person._id && a._id !== state?.forecast?._id),
  );
  const editing = state?.mode === "edit";
  return (
    <Modal
      open={Boolean(state)}
      onClose={close}
      title={editing ? "Edit Forecast" : "Add Forecast"}
      description={state?.person.name}
      panelClassName="max-w-[600px]"
      zIndex={PLANNER.zIndex + 1}
    >
      <ForecastForm
        idPrefix="planner"
        statusSelectable={statusSelectable}
        status={status}
        onStatus={setStatus}
        range={range}
        onRange={setRange}
        blocked={blocked}
        comment={comment}
        onComment={setComment}
        commentLimit={commentLimit}
        saving={saving}
        editing={editing}
        error={error}
        onCancel={close}
        onDelete={remove}
        onSave={save}
      />
    </Modal>
  );
}
