import type { DateRange, Matcher } from "react-day-picker";
import { Button } from "~/components/button";
import { DialogActions, DialogError } from "~/components/dialog";
import { formatRange, RangeDayPicker } from "./day-picker";
import { dayKey } from "~/lib/dates";
import { StatusGrid } from "./status-grid";

/**
 * The body of 'Add Forecast' / 'Edit Forecast', shared by the dashboard's editor and the
 * planner's: status grid (when a status is selectable), range picker, comment with its
 * counter, and Cancel / Delete / Add-Update with 'Saving...'. State lives with the caller.
 */
export function ForecastForm({
  idPrefix,
  statusSelectable,
  status,
  onStatus,
  range,
  onRange,
  blocked,
  comment,
  onComment,
  commentLimit,
  saving,
  editing,
  error,
  onCancel,
  onDelete,
  onSave,
}: {
  idPrefix: string;
  statusSelectable: boolean;
  status: string | null;
  onStatus: (status: string) => void;
  range: DateRange | undefined;
  onRange: (range: DateRange | undefined) => void;
  blocked: Matcher[];
  comment: string;
  onComment: (comment: string) => void;
  commentLimit: number;
  saving: boolean;
  editing: boolean;
  error: string | null;
  onCancel: () => void;
  onDelete: () => void;
  onSave: () => void;
}) {
  return (
    <>
      {statusSelectable ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Status</legend>
          <StatusGrid value={status} onChange={onStatus} disabled={saving} />
        </fieldset>
      ) : null}
      <div className="mt-5">
        <p className="text-sm font-medium text-slate-700" id={`${idPrefix}-range-label`}>
          Date Range
        </p>
        <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200" data-testid={`${idPrefix}-range`}>
          {range?.from ? formatRange(dayKey(range.from), dayKey(range.to ?? range.from)) : <span className="text-slate-500">Select date range</span>}
        </p>
        <div className="mt-2 overflow-x-auto" aria-labelledby={`${idPrefix}-range-label`}>
          <RangeDayPicker selected={range} onSelect={onRange} disabled={blocked} />
        </div>
      </div>
      <div className="mt-4">
        <div className="flex items-baseline justify-between">
          <label htmlFor={`${idPrefix}-comment`} className="text-sm font-medium text-slate-700">
            Comment <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <span className="text-xs text-slate-500">
            {comment.length}/{commentLimit}
          </span>
        </div>
        <input
          id={`${idPrefix}-comment`}
          type="text"
          value={comment}
          maxLength={commentLimit}
          disabled={saving}
          onChange={(e) => onComment(e.target.value.slice(0, commentLimit))}
          onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
          className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none"
        />
      </div>
      <DialogError message={error} />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        {editing ? (
          <Button variant="danger" onClick={onDelete} disabled={saving}>
            Delete
          </Button>
        ) : null}
        <Button onClick={onSave} disabled={!range?.from || !status || saving}>
          {saving ? "Saving..." : editing ? "Update" : "Add"}
        </Button>
      </DialogActions>
    </>
  );
}
