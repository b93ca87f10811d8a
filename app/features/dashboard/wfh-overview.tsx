import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Avatar } from "~/components/avatar";
import { Modal } from "~/components/dialog";
import { workplaceDayLabel } from "~/domain/workplace/labels";
import type { WorkplaceOption } from "~/domain/workplace/workplace.schema";
import { profilePictureUrl } from "~/lib/profile-picture";
import { formatDay } from "~/components/day-picker";
import { WorkplaceIcon } from "./week-location";
import { useFormat } from "~/lib/format";

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

const optionName = (option: WorkplaceOption, row: Overview["rows"][number], elsewhere: string) => workplaceDayLabel(option, row, elsewhere);

/** Next five working days, one row per completed non-admin person, the viewer first. */
export function WfhOverview({ open, onClose, elsewhereLabel }: { open: boolean; onClose: () => void; elsewhereLabel: string }) {
  const fmt = useFormat();
  const fetcher = useFetcher<Overview>();
  const { load } = fetcher;
  useEffect(() => {
    if (open) load("/resources/wfh-overview");
  }, [open, load]);
  const data = fetcher.data;
  const range = data ? `${formatDay(data.days[0], fmt)} – ${formatDay(data.days[data.days.length - 1], fmt)}` : "";
  return (
    <Modal open={open} onClose={onClose} title="WFH Overview" description={range} panelClassName="max-w-4xl">
      {!data ? (
        <p className="text-sm text-slate-500" role="status">
          Loading...
        </p>
      ) : (
        // Focusable so the keyboard can scroll it (axe: scrollable-region-focusable).
        <div className="max-h-[65vh] overflow-auto rounded-md" tabIndex={0} role="region" aria-label="Where people work, next five working days">
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-white">
              <tr className="text-left text-xs text-slate-500">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Name
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
                      <span className="inline-flex flex-col items-center gap-0.5 text-slate-700" title={optionName(option, row, elsewhereLabel)}>
                        <WorkplaceIcon option={option} className="h-4 w-4" />
                        <span className="text-[11px]">{optionName(option, row, elsewhereLabel)}</span>
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
