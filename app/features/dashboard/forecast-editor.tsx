import { useEffect, useState } from "react";
import type { DateRange } from "react-day-picker";
import { Button } from "~/components/button";
import { DialogActions, DialogError, Modal } from "~/components/dialog";
import type { ApiForecast } from "~/domain/forecasts/forecasts.server";
import { blockedDays, dayKey, formatRange, RangeDayPicker, utcDate } from "./day-picker";
import { StatusGrid } from "./status-grid";
import { useDashboardWrite } from "./use-dashboard-write";

export interface EditorState {
  mode: "add" | "edit";
  forecast?: ApiForecast;
}

/**
 * 'Add Forecast' / 'Edit Forecast'. While saving, the save button reads 'Saving...',
 * Cancel and Delete are disabled and the dialog cannot be closed.
 */
export function ForecastEditor({
  state,
  onClose,
  today,
  absences,
  statusSelectable,
  commentLimit,
}: {
  state: EditorState | null;
  onClose: () => void;
  today: string;
  /** Away forecasts and vacations: their days cannot be picked. */
  absences: { _id?: string; startDate: string; endDate: string }[];
  statusSelectable: boolean;
  commentLimit: number;
}) {
  const write = useDashboardWrite("forecast-editor");
  const forecast = state?.forecast;
  const [range, setRange] = useState<DateRange | undefined>();
  const [status, setStatus] = useState<string | null>(null);
  const [comment, setComment] = useState("");
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!state) return;
    setRange(forecast ? { from: utcDate(forecast.startDate), to: utcDate(forecast.endDate) } : undefined);
    setStatus(forecast?.status ?? (statusSelectable ? null : "away"));
    setComment(forecast?.comment ?? "");
    setSubmitted(false);
  }, [state, forecast, statusSelectable]);

  // Close once the save went through; stay open with the message when it was refused.
  useEffect(() => {
    if (submitted && !write.busy && !write.error) onClose();
  }, [submitted, write.busy, write.error, onClose]);

  const saving = write.busy;
  const close = () => {
    if (!saving) onClose();
  };
  const canSave = Boolean(range?.from) && Boolean(status) && !saving;
  const save = () => {
    if (!range?.from || !status) return;
    setSubmitted(true);
    const fields = { startDate: dayKey(range.from), endDate: dayKey(range.to ?? range.from), status, comment };
    if (forecast) write.submit("updateForecast", { forecastId: forecast._id, ...fields });
    else write.submit("createForecast", fields);
  };
  const remove = () => {
    if (!forecast) return;
    setSubmitted(true);
    write.submit("deleteForecast", { forecastId: forecast._id });
  };

  const blocked = blockedDays(
    today,
    absences.filter((a) => a._id !== forecast?._id),
  );
  return (
    <Modal open={Boolean(state)} onClose={close} title={state?.mode === "edit" ? "Edit Forecast" : "Add Forecast"} panelClassName="max-w-[600px]" zIndex={1060}>
      {statusSelectable ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Status</legend>
          <StatusGrid value={status} onChange={setStatus} disabled={saving} />
        </fieldset>
      ) : null}
      <div className="mt-5">
        <p className="text-sm font-medium text-slate-700" id="forecast-range-label">
          Date Range
        </p>
        <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200" data-testid="forecast-range">
          {range?.from ? formatRange(dayKey(range.from), dayKey(range.to ?? range.from)) : <span className="text-slate-400">Select date range</span>}
        </p>
        <div className="mt-2 overflow-x-auto" aria-labelledby="forecast-range-label">
          <RangeDayPicker selected={range} onSelect={setRange} disabled={blocked} />
        </div>
      </div>
      <div className="mt-4">
        <div className="flex items-baseline justify-between">
          <label htmlFor="forecast-comment" className="text-sm font-medium text-slate-700">
            Comment <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <span className="text-xs text-slate-500">
            {comment.length}/{commentLimit}
          </span>
        </div>
        <input
          id="forecast-comment"
          type="text"
          value={comment}
          maxLength={commentLimit}
          disabled={saving}
          onChange={(e) => setComment(e.target.value.slice(0, commentLimit))}
          onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
          className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none"
        />
      </div>
      <DialogError message={submitted ? write.error : null} />
      <DialogActions>
        <Button variant="secondary" onClick={close} disabled={saving}>
          Cancel
        </Button>
        {state?.mode === "edit" ? (
          <Button variant="danger" onClick={remove} disabled={saving}>
            Delete
          </Button>
        ) : null}
        <Button onClick={save} disabled={!canSave}>
          {saving ? "Saving..." : state?.mode === "edit" ? "Update" : "Add"}
        </Button>
      </DialogActions>
    </Modal>
  );
}
