import { useEffect, useState } from "react";
import type { DateRange, Matcher } from "react-day-picker";
import { Button } from "~/components/button";
import { DialogActions, DialogError, Modal } from "~/components/dialog";
import { formatRange, RangeDayPicker } from "./day-picker";
import { dayKey, parseDayKey } from "~/lib/dates";
import { StatusGrid } from "./status-grid";
import { useFormat } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";

/** What the dialog opens with: an existing forecast's values, or a preselection. */
export interface ForecastFields {
  startDate?: string;
  endDate?: string;
  status?: string | null;
  comment?: string | null;
}

/** What a save hands over: the picked days, the status and the comment. */
export type ForecastInput = Record<"startDate" | "endDate" | "status" | "comment", string>;

/**
 * 'Add Forecast' / 'Edit Forecast', shared by the dashboard's editor and the planner's:
 * status grid (when a status is selectable), range picker, comment with its counter, and
 * Cancel / Delete / Add-Update with 'Saving...'. It keeps the fields; the caller decides
 * what a save or a delete writes. While saving, Cancel and Delete are disabled and the
 * dialog cannot be closed.
 */
export function ForecastDialog({
  open,
  initial,
  idPrefix,
  description,
  zIndex,
  statusSelectable,
  blocked,
  commentLimit,
  saving,
  editing,
  error,
  onClose,
  onDelete,
  onSave,
}: {
  open: boolean;
  /** Read each time the dialog opens (and when this object changes while open). */
  initial: ForecastFields | null;
  idPrefix: string;
  description?: string;
  zIndex: number;
  statusSelectable: boolean;
  blocked: Matcher[];
  commentLimit: number;
  saving: boolean;
  editing: boolean;
  error: string | null;
  onClose: () => void;
  onDelete: () => void;
  onSave: (input: ForecastInput) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const [range, setRange] = useState<DateRange | undefined>();
  const [status, setStatus] = useState<string | null>(null);
  const [comment, setComment] = useState("");

  useEffect(() => {
    if (!open || !initial) return;
    const start = initial.startDate;
    setRange(start ? { from: parseDayKey(start), to: parseDayKey(initial.endDate ?? start) } : undefined);
    setStatus(initial.status ?? (statusSelectable ? null : "away"));
    setComment(initial.comment ?? "");
  }, [open, initial, statusSelectable]);

  const close = () => {
    if (!saving) onClose();
  };
  const save = () => {
    if (!range?.from || !status || saving) return;
    onSave({ startDate: dayKey(range.from), endDate: dayKey(range.to ?? range.from), status, comment });
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={editing ? t("forecastForm.edit") : t("forecastForm.add")}
      description={description}
      panelClassName="max-w-[600px]"
      zIndex={zIndex}
    >
      {statusSelectable ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t("forecastForm.status")}</legend>
          <StatusGrid value={status} onChange={setStatus} disabled={saving} />
        </fieldset>
      ) : null}
      <div className="mt-5">
        <p className="text-sm font-medium text-slate-700" id={`${idPrefix}-range-label`}>
          {t("forecastForm.range")}
        </p>
        <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200" data-testid={`${idPrefix}-range`}>
          {range?.from ? (
            formatRange(dayKey(range.from), dayKey(range.to ?? range.from), fmt)
          ) : (
            <span className="text-slate-500">{t("forecastForm.selectRange")}</span>
          )}
        </p>
        <div className="mt-2 overflow-x-auto" aria-labelledby={`${idPrefix}-range-label`}>
          <RangeDayPicker selected={range} onSelect={setRange} disabled={blocked} />
        </div>
      </div>
      <div className="mt-4">
        <div className="flex items-baseline justify-between">
          <label htmlFor={`${idPrefix}-comment`} className="text-sm font-medium text-slate-700">
            {t("forecastForm.comment")} <span className="font-normal text-slate-500">{t("forecastForm.optional")}</span>
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
          onChange={(e) => setComment(e.target.value.slice(0, commentLimit))}
          onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
          className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none"
        />
      </div>
      <DialogError message={error} />
      <DialogActions>
        <Button variant="secondary" onClick={close} disabled={saving}>
          {t("common.cancel")}
        </Button>
        {editing ? (
          <Button variant="danger" onClick={onDelete} disabled={saving}>
            {t("common.delete")}
          </Button>
        ) : null}
        <Button onClick={save} disabled={!range?.from || !status || saving}>
          {saving ? t("common.saving") : editing ? t("forecastForm.update") : t("forecastForm.addButton")}
        </Button>
      </DialogActions>
    </Modal>
  );
}
