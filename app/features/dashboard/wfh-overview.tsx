import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Avatar } from "~/components/avatar";
import { Modal } from "~/components/dialog";
import type { WorkplaceOption } from "~/domain/workplace/workplace.schema";
import { profilePictureUrl } from "~/lib/profile-picture";
import { formatDay } from "~/components/day-picker";
import { WorkplaceIcon } from "./week-location";
import { useFormat } from "~/lib/format";
import { useT, type Translate } from "~/lib/i18n/i18n";
import { workplaceDayText } from "~/lib/i18n/workplace";

interface Overview {
  days: string[];
  rows: {
    _id: string;
    name: string;
    title: string;
    profilePicture: string | null;
    office: string | null;
    secondaryOffice: string | null;
    options: WorkplaceOption[];
  }[];
}

const optionName = (t: Translate, option: WorkplaceOption, row: Overview["rows"][number], elsewhere: string) =>
  workplaceDayText(t, option, row, elsewhere);

/** Next five working days, one row per completed non-admin person, the viewer first. */
export function WfhOverview({ open, onClose, elsewhereLabel }: { open: boolean; onClose: () => void; elsewhereLabel: string }) {
  const t = useT();
  const fmt = useFormat();
  const fetcher = useFetcher<Overview>();
  const { load } = fetcher;
  useEffect(() => {
    if (open) load("/resources/wfh-overview");
  }, [open, load]);
  const data = fetcher.data;
  const range = data ? `${formatDay(data.days[0], fmt)} – ${formatDay(data.days[data.days.length - 1], fmt)}` : "";
  return (
    <Modal open={open} onClose={onClose} title={t("home.wfhOverview")} description={range} panelClassName="max-w-4xl">
      {!data ? (
        <p className="text-sm text-slate-500" role="status">
          {t("common.loading")}
        </p>
      ) : (
        // Focusable so the keyboard can scroll it (axe: scrollable-region-focusable).
        <div className="max-h-[65vh] overflow-auto rounded-md" tabIndex={0} role="region" aria-label={t("dashboard.wfh.region")}>
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-white">
              <tr className="text-left text-xs text-slate-500">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("dashboard.wfh.name")}
                </th>
                {data.days.map((day) => (
                  <th key={day} scope="col" className="px-1 py-2 text-center font-medium">
                    {formatDay(day, fmt)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.rows.map((row) => (
                <tr key={row._id} data-testid="wfh-row">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    <span className="flex items-center gap-2">
                      <Avatar name={row.name} src={profilePictureUrl(row.profilePicture)} size="sm" />
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-slate-900">{row.name}</span>
                        <span className="block truncate text-xs text-slate-500">{row.title}</span>
                      </span>
                    </span>
                  </th>
                  {row.options.map((option, i) => (
                    <td key={i} className="px-1 py-2 text-center">
                      <span className="inline-flex flex-col items-center gap-0.5 text-slate-700" title={optionName(t, option, row, elsewhereLabel)}>
                        <WorkplaceIcon option={option} className="h-4 w-4" />
                        <span className="text-[11px]">{optionName(t, option, row, elsewhereLabel)}</span>
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
