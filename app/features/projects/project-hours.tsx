import { lazy } from "react";
import type { TimeReport } from "./hours-form";
import { EntryActions, EntryTable } from "./entry-table";
import { formatDay } from "./project-widgets";
import { useFormat } from "~/lib/format";
import { useT, type Translate } from "~/lib/i18n/i18n";

/**
 * A project's hours (its time reports): the dialog that logs or changes an entry (hours in
 * steps of 0.5 and a date, both required) and the list of entries on the Members tab, newest
 * first, with edit and delete for those who may change the project (decision 0185).
 */

export type { TimeReport };

// The hours dialog's form (its schema, with zod, and conform) loads when it first opens (decision 0292).
export const HoursForm = lazy(() => import("./hours-form").then((m) => ({ default: m.HoursForm })));

const hoursText = (hours: number, t: Translate) => t("projects.hoursValue", { hours: hours.toFixed(1) });

/** Every hour entry of the project (also those of people who have left it: their hours stay). */
export function HoursList({ reports, canEdit, today }: { reports: TimeReport[]; canEdit: boolean; today: string }) {
  const fmt = useFormat();
  const t = useT();
  const total = reports.reduce((sum, r) => sum + r.hours, 0);
  return (
    <EntryTable
      id="hours"
      title={t("projects.hours.title")}
      aside={<span className="text-sm text-slate-700">{t("projects.hours.total", { hours: hoursText(total, t) })}</span>}
      columns={[
        { label: t("projects.hours.date"), className: "px-4" },
        { label: t("projects.hours.member"), className: "px-2 sm:px-4" },
        { label: t("projects.hours.title"), className: "px-2 text-right sm:px-4" },
      ]}
      count={reports.length}
      empty={t("projects.hours.none")}
      editable={canEdit}
    >
      {reports.map((report) => {
        const what = t("projects.hours.what", { hours: hoursText(report.hours, t), name: report.user.name, date: formatDay(report.date, fmt) });
        return (
          <tr key={report._id}>
            <td className="px-4 py-2 whitespace-nowrap">{formatDay(report.date, fmt)}</td>
            <td className="px-2 py-2 sm:px-4">{report.user.name}</td>
            <td className="px-2 py-2 text-right whitespace-nowrap sm:px-4">{hoursText(report.hours, t)}</td>
            {canEdit ? (
              <EntryActions
                edit={{
                  title: t("projects.hours.editOf", { name: report.user.name }),
                  label: t("projects.hours.editLabel", { what }),
                  form: (close) => <HoursForm report={report} today={today} onClose={close} />,
                }}
                remove={{
                  title: t("projects.hours.delete"),
                  label: t("projects.hours.deleteLabel", { what }),
                  question: t("projects.hours.deleteQuestion", { what }),
                  intent: "deleteHours",
                  confirmation: t("projects.hours.deleted"),
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
