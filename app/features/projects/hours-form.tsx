import { getFormProps } from "@conform-to/react";
import { dateFieldProps, inputProps } from "~/components/conform-props";
import { DialogError, FormActions } from "~/components/dialog";
import { DateField } from "~/components/date-field";
import { Field } from "~/components/field";
import { useDialogForm } from "~/components/use-dialog-form";
import { Hidden } from "~/components/hidden-fields";
import { timeReportSchema } from "~/domain/projects/project.schema";
import { useT } from "~/lib/i18n/i18n";

/** A project's time report as the page holds it. */
export interface TimeReport {
  _id: string;
  date: string;
  hours: number;
  user: { _id: string; name: string };
}

/**
 * Logs hours for a member (`userId`, dated the reader's `today` unless changed), or changes an
 * entry (`report`): hours and date, both required.
 */
export function HoursForm({ userId, report, today, onClose }: { userId?: string; report?: TimeReport; today: string; onClose: () => void }) {
  const t = useT();
  const { fetcher, form, fields, busy } = useDialogForm(
    report ? `hours-edit-${report._id}` : `hours-${userId}`,
    timeReportSchema,
    report ? { hours: String(report.hours), date: report.date.slice(0, 10) } : { date: today },
    onClose,
    t("projects.hours.saved"),
  );
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <Hidden values={report ? { intent: "updateHours", reportId: report._id } : { intent: "logHours", user: userId }} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("projects.hours.title")}
          data-autofocus
          inputMode="decimal"
          {...inputProps(fields.hours, { type: "number" })}
          step={0.5}
          min={0.5}
          max={24}
        />
        <DateField label={t("projects.hours.date")} {...dateFieldProps(fields.date)} />
      </div>
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("projects.hours.save")} busyLabel={t("common.saving")} />
    </fetcher.Form>
  );
}
