import clsx from "clsx";
import { memo } from "react";
import { Avatar } from "~/components/avatar";
import type { OverviewSort } from "~/domain/users/overview-query";
import type { OverviewUser } from "~/domain/users/overview.types";
import { workloadColorClass } from "~/domain/workload/levels";
import { useT } from "~/lib/i18n/i18n";
import { workloadLabel } from "~/lib/i18n/workload";
import { workplaceChoiceLabel } from "~/lib/i18n/workplace";
import { profilePictureUrl } from "~/lib/profile-picture";
import { experienceText, forecastSummary, updatedText, weekdayShort } from "./format";
import { LocationIcon } from "./workplace-icon";
import { useFormat } from "~/lib/format";

/** Current-status order: 0 to 3, then away (4), then none (5). */
export function statusRank(person: Pick<OverviewUser, "away" | "currentWorkload">): number {
  if (person.away) return 4;
  return person.currentWorkload === null ? 5 : person.currentWorkload;
}

/**
 * One person in the overview grid. The name is the button that opens the detail card; it
 * stretches over the whole card, so a click anywhere on it opens the card too.
 */
export const PersonCard = memo(function PersonCard({
  person,
  now,
  sort,
  onOpen,
}: {
  person: OverviewUser;
  now: string;
  sort: OverviewSort;
  onOpen: (person: OverviewUser) => void;
}) {
  // The person's own today (their office's zone), not the reader's.
  const today = person.today;
  const t = useT();
  const fmt = useFormat();
  const level = person.away ? null : person.currentWorkload;
  const label = workloadLabel(t, level, person.away);
  const experience = sort === "experience" ? experienceText(t, person.startYear, now) : null;
  const forecastLine = person.forecast ? forecastSummary(person.forecast, today, fmt, { away: person.away, level }, t) : null;
  return (
    <li
      data-testid="person-card"
      data-name={person.name}
      data-last-updated={person.lastUpdated ?? ""}
      data-status-rank={statusRank(person)}
      data-start-year={person.startYear ?? ""}
      className="min-w-0"
    >
      <article className="relative flex h-full flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md hover:ring-brand-300 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500">
        <div className="flex items-start gap-3">
          <Avatar name={person.name} src={profilePictureUrl(person.profilePicture)} />
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-sm font-semibold text-slate-900">
              <button
                type="button"
                onClick={() => onOpen(person)}
                className="text-left after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
                data-testid="person-name"
              >
                {person.name}
              </button>
            </h2>
            <p className="truncate text-xs text-slate-500">{person.title || "\u00a0"}</p>
          </div>
        </div>

        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-slate-800">
          <span className={clsx("h-2.5 w-2.5 shrink-0 rounded-full", workloadColorClass(level, person.away))} aria-hidden="true" />
          <span data-testid="workload-label">{label}</span>
          {experience ? <span className="ml-auto text-xs font-normal text-slate-500">{experience}</span> : null}
        </p>

        {person.message.message ? (
          <p className="mt-2 line-clamp-2 text-sm break-words text-slate-600" data-testid="status-message">
            {person.message.message}
          </p>
        ) : null}

        {person.forecast && forecastLine ? (
          <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-600" data-testid="forecast">
            <span
              className={clsx(
                "h-2 w-2 shrink-0 rounded-full",
                workloadColorClass(person.forecast.status === "away" ? null : person.forecast.status, person.forecast.status === "away"),
              )}
              aria-hidden="true"
            />
            <span className="truncate">{forecastLine}</span>
          </p>
        ) : null}

        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-3 text-xs text-slate-500">
          {person.location ? (
            <span className="flex min-w-0 items-center gap-1" data-testid="location">
              <LocationIcon option={person.location.option} className="h-3.5 w-3.5 shrink-0" />
              <span className="truncate">
                {t("overview.location", {
                  day: person.location.day === today.slice(0, 10) ? t("overview.today") : weekdayShort(person.location.day, fmt),
                  place: workplaceChoiceLabel(t, { value: person.location.option, label: person.location.label }),
                })}
              </span>
            </span>
          ) : null}
          <span className="ml-auto shrink-0" data-testid="last-seen">
            {updatedText(t, person.lastUpdated, now)}
          </span>
        </div>
      </article>
    </li>
  );
});
