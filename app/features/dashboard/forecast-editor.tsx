import { useEffect, useMemo, useState } from "react";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import { blockedDays } from "~/components/day-picker";
import { ForecastDialog, type ForecastInput } from "~/components/forecast-form";
import { useForecastWrite } from "~/components/use-forecast-writes";

export interface EditorState {
  mode: "add" | "edit";
  forecast?: ApiForecast;
}

/** The dashboard's 'Add Forecast' / 'Edit Forecast' for one's own forecasts, written through a fetcher. */
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
  const [submitted, setSubmitted] = useState(false);
  const initial = useMemo(() => (state ? { ...forecast } : null), [state, forecast]);

  useEffect(() => {
    if (state) setSubmitted(false);
  }, [state]);

  // Close once the save went through; stay open with the message when it was refused.
  useEffect(() => {
    if (submitted && !write.busy && !write.error) onClose();
  }, [submitted, write.busy, write.error, onClose]);

  const save = (fields: ForecastInput) => {
    setSubmitted(true);
    if (forecast) write.submit("update", { forecastId: forecast._id, ...fields });
    else write.submit("create", fields);
  };
  const remove = () => {
    if (!forecast) return;
    setSubmitted(true);
    write.submit("delete", { forecastId: forecast._id });
  };

  return (
    <ForecastDialog
      open={Boolean(state)}
      initial={initial}
      idPrefix="forecast"
      zIndex={1060}
      statusSelectable={statusSelectable}
      blocked={blockedDays(
        today,
        absences.filter((a) => a._id !== forecast?._id),
      )}
      commentLimit={commentLimit}
      saving={write.busy}
      editing={state?.mode === "edit"}
      error={submitted ? write.error : null}
      onClose={onClose}
      onDelete={remove}
      onSave={save}
    />
  );
}
