import { useEffect, useState } from "react";
import type { DateRange } from "react-day-picker";
import { Modal } from "~/components/dialog";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import { blockedDays } from "./day-picker";
import { dayKey, parseDayKey } from "~/lib/dates";
import { ForecastForm } from "./forecast-form";
import { useForecastWrite } from "./use-dashboard-write";

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
  const write = useForecastWrite("forecast-editor");
  const forecast = state?.forecast;
  const [range, setRange] = useState<DateRange | undefined>();
  const [status, setStatus] = useState<string | null>(null);
  const [comment, setComment] = useState("");
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!state) return;
    setRange(forecast ? { from: parseDayKey(forecast.startDate), to: parseDayKey(forecast.endDate) } : undefined);
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
  const save = () => {
    if (!range?.from || !status) return;
    setSubmitted(true);
    const fields = { startDate: dayKey(range.from), endDate: dayKey(range.to ?? range.from), status, comment };
    if (forecast) write.submit("update", { forecastId: forecast._id, ...fields });
    else write.submit("create", fields);
  };
  const remove = () => {
    if (!forecast) return;
    setSubmitted(true);
    write.submit("delete", { forecastId: forecast._id });
  };

  const blocked = blockedDays(
    today,
    absences.filter((a) => a._id !== forecast?._id),
  );
  return (
    <Modal
      open={Boolean(state)}
      onClose={close}
      title={state?.mode === "edit" ? "Edit Forecast" : "Add Forecast"}
      panelClassName="max-w-[600px]"
      zIndex={1060}
    >
      <ForecastForm
        idPrefix="forecast"
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
        editing={state?.mode === "edit"}
        error={submitted ? write.error : null}
        onCancel={close}
        onDelete={remove}
        onSave={save}
      />
    </Modal>
  );
}
