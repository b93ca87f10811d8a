import { getFormProps } from "@conform-to/react";
import { dateFieldProps, inputProps } from "~/components/conform-props";
import { DialogError, FormActions } from "~/components/dialog";
import { DateField } from "~/components/date-field";
import { Field } from "~/components/field";
import { useDialogForm } from "~/components/use-dialog-form";
import { Hidden } from "~/components/hidden-fields";
import { timeReportSchema } from "~/domain/projects/project.schema";
import { EntryActions, EntryTable } from "./entry-table";
import { formatDay } from "./project-widgets";
import { useFormat } from "~/lib/format";

/**
 * A project's hours (its time reports): the dialog that logs or changes an entry (hours in
 * steps of 0.5 and a date, both required) and the list of entries on the Members tab, newest
 * first, with edit and delete for those who may change the project (decision 0185).
 */

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
  const { fetcher, form, fields, busy } = useDialogForm(
    report ? `hours-edit-${report._id}` : `hours-${userId}`,
    timeReportSchema,
    report ? { hours: String(report.hours), date: report.date.slice(0, 10) } : { date: today },
    onClose,
    "Hours saved",
  );
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <Hidden values={report ? { intent: "updateHours", reportId: report._id } : { intent: "logHours", user: userId }} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Hours" data-autofocus inputMode="decimal" {...inputProps(fields.hours, { type: "number" })} step={0.5} min={0.5} max={24} />
        <DateField label="Date" {...dateFieldProps(fields.date)} />
      </div>
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label="Save hours" busyLabel="Saving..." />
    </fetcher.Form>
  );
}

const hoursText = (hours: number) => `${hours.toFixed(1)} h`;

/** Every hour entry of the project (also those of people who have left it: their hours stay). */
export function HoursList({ reports, canEdit, today }: { reports: TimeReport[]; canEdit: boolean; today: string }) {
  const fmt = useFormat();
  const total = reports.reduce((sum, r) => sum + r.hours, 0);
  return (
    <EntryTable
      id="hours"
      title="Hours"
      aside={<span className="text-sm text-slate-700">Total {hoursText(total)}</span>}
      columns={[
        { label: "Date", className: "px-4" },
        { label: "Member", className: "px-2 sm:px-4" },
        { label: "Hours", className: "px-2 text-right sm:px-4" },
      ]}
      count={reports.length}
      empty="No hours reported yet. Log hours for a member above."
      editable={canEdit}
    >
      {reports.map((report) => {
        const what = `${hoursText(report.hours)} of ${report.user.name} on ${formatDay(report.date, fmt)}`;
        return (
          <tr key={report._id}>
            <td className="px-4 py-2 whitespace-nowrap">{formatDay(report.date, fmt)}</td>
            <td className="px-2 py-2 sm:px-4">{report.user.name}</td>
            <td className="px-2 py-2 text-right whitespace-nowrap sm:px-4">{hoursText(report.hours)}</td>
            {canEdit ? (
              <EntryActions
                edit={{
                  title: `Edit hours of ${report.user.name}`,
                  label: `Edit ${what}`,
                  form: (close) => <HoursForm report={report} today={today} onClose={close} />,
                }}
                remove={{
                  title: "Delete hours",
                  label: `Delete ${what}`,
                  question: `Delete ${what}?`,
                  intent: "deleteHours",
                  confirmation: "Hours deleted",
                  values: { reportId: report._id },
                }}
              />
            ) : null}
          </tr>
        );
      })}
    </EntryTable>
  );
}
