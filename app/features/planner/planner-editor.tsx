import { useEffect, useState } from "react";
import type { DateRange } from "react-day-picker";
import { Button } from "~/components/button";
import { DialogActions, DialogError, Modal } from "~/components/dialog";
import type { ApiForecast } from "~/domain/forecasts/forecasts.server";
import { PLANNER } from "~/domain/planner/timeline";
import { blockedDays, dayKey, formatRange, RangeDayPicker, utcDate } from "~/features/dashboard/day-picker";
import { StatusGrid } from "~/features/dashboard/status-grid";
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
    setRange(start ? { from: utcDate(start), to: utcDate(end!) } : undefined);
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
    if (state.mode === "today" && startDate === day && endDate === day && !comment.trim()) void run({ intent: "today", userId: state.person._id, status });
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
      {statusSelectable ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Status</legend>
          <StatusGrid value={status} onChange={setStatus} disabled={saving} />
        </fieldset>
      ) : null}
      <div className="mt-5">
        <p className="text-sm font-medium text-slate-700" id="planner-range-label">
          Date Range
        </p>
        <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200" data-testid="planner-range">
          {range?.from ? formatRange(dayKey(range.from), dayKey(range.to ?? range.from)) : <span className="text-slate-400">Select date range</span>}
        </p>
        <div className="mt-2 overflow-x-auto" aria-labelledby="planner-range-label">
          <RangeDayPicker selected={range} onSelect={setRange} disabled={blocked} />
        </div>
      </div>
      <div className="mt-4">
        <div className="flex items-baseline justify-between">
          <label htmlFor="planner-comment" className="text-sm font-medium text-slate-700">
            Comment <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <span className="text-xs text-slate-500">
            {comment.length}/{commentLimit}
          </span>
        </div>
        <input
          id="planner-comment"
          type="text"
          value={comment}
          maxLength={commentLimit}
          disabled={saving}
          onChange={(e) => setComment(e.target.value.slice(0, commentLimit))}
          onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
          className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none"
        />
      </div>
      <DialogError message={error} />
      <DialogActions>
        <Button variant="secondary" onClick={close} disabled={saving}>
          Cancel
        </Button>
        {editing ? (
          <Button variant="danger" onClick={remove} disabled={saving}>
            Delete
          </Button>
        ) : null}
        <Button onClick={save} disabled={!range?.from || !status || saving}>
          {saving ? "Saving..." : editing ? "Update" : "Add"}
        </Button>
      </DialogActions>
    </Modal>
  );
}
