import { Link, useFetcher } from "@remix-run/react";
import clsx from "clsx";
import type { ReactNode } from "react";
import { AVAILABLE_SCREENS } from "~/auth/permissions";
import { Alert } from "~/components/alert";
import { Avatar } from "~/components/avatar";
import { WorkloadLegend } from "~/components/workload-legend";
import type { UserCard } from "~/domain/users/user-card.types";
import { workloadColorClass } from "~/domain/workload/levels";
import { useT, type MessageKey } from "~/lib/i18n/i18n";
import { workloadLabel } from "~/lib/i18n/workload";
import { profilePictureUrl } from "~/lib/profile-picture";
import { dayRange, experienceText, forecastTitle, shortDate, updatedText } from "./format";
import { useFormat } from "~/lib/format";

/*
 * The user detail card's contents (user-detail-card.tsx), loaded when a card first opens, with
 * its data (decision 0292).
 */

/** The card's 'Add competence' picker: competences the person does not have yet. */
function AddCompetence({ userId, options }: { userId: string; options: { _id: string; name: string }[] }) {
  const t = useT();
  // The pipeline's answer (IntentResult): ok, or why not.
  const fetcher = useFetcher<{ ok: true } | { ok: false; message: string }>();
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" action={`/resources/user-card/${userId}`} className="mb-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="create" />
      <div>
        <label htmlFor={`add-competence-${userId}`} className="block text-xs font-medium text-slate-600">
          {t("userCard.addCompetence")}
        </label>
        <select
          id={`add-competence-${userId}`}
          name="competenceId"
          className="mt-1 block rounded-md border-0 py-1.5 pr-8 pl-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500"
        >
          {options.map((o) => (
            <option key={o._id} value={o._id}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
      >
        {fetcher.state !== "idle" ? t("userCard.adding") : t("common.add")}
      </button>
      <Alert plain message={error} className="w-full" />
    </fetcher.Form>
  );
}

export function CardBody({ card }: { card: UserCard }) {
  const t = useT();
  const fmt = useFormat();
  const { user } = card;
  const level = user.away ? null : user.currentWorkload;
  const experience = experienceText(t, user.startYear, card.now);
  const upcoming = [
    ...card.forecasts.map((f) => ({
      _id: f._id,
      startDate: f.startDate,
      endDate: f.endDate,
      status: f.status,
      title: forecastTitle(f, t),
      comment: f.comment,
      source: f.externalSource,
    })),
    ...card.vacations.map((v) => ({
      _id: v._id,
      startDate: v.startDate,
      endDate: v.endDate,
      status: "away" as const,
      title: t("forecast.vacation"),
      comment: null,
      source: null,
    })),
  ].sort((a, b) => a.startDate.localeCompare(b.startDate));
  const projectLinks = AVAILABLE_SCREENS.has("/projects");
  const competenceLinks = AVAILABLE_SCREENS.has("/competences");

  return (
    <div className="space-y-6" data-testid="user-card">
      <div className="flex flex-wrap items-start gap-4">
        <Avatar name={user.name} src={profilePictureUrl(user.profilePicture)} size="lg" />
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          {user.team ? <p className="text-slate-600">{user.team}</p> : null}
          {user.secondaryTeam ? <p className="text-slate-500">{t("userCard.also", { team: user.secondaryTeam })}</p> : null}
          <p className="flex flex-wrap gap-x-3 gap-y-1">
            <a href={`mailto:${user.email}`} className="break-all text-brand-700 hover:underline">
              {user.email}
            </a>
            {user.phone ? (
              <a href={`tel:${user.phone.replace(/\s+/g, "")}`} className="text-brand-700 hover:underline">
                {user.phone}
              </a>
            ) : null}
          </p>
          {experience ? <p className="text-slate-500">{t("userCard.experience", { experience })}</p> : null}
        </div>
      </div>

      <div className="rounded-lg bg-slate-50 p-3">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
          <span className={clsx("h-3 w-3 rounded-full", workloadColorClass(level, user.away))} aria-hidden="true" />
          <span data-testid="user-card-workload">{workloadLabel(t, level, user.away)}</span>
          <span className="text-xs font-normal text-slate-500">{updatedText(t, user.lastUpdated, card.now)}</span>
        </p>
        {user.message ? <p className="mt-1 text-sm break-words text-slate-700">{user.message}</p> : null}
        <WorkloadLegend className="mt-3" />
      </div>

      <Section title={t("userCard.upcoming")}>
        {upcoming.length === 0 ? (
          <p className="text-sm text-slate-500">{t("userCard.noUpcoming")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {upcoming.map((item) => (
              <li key={item._id} className="flex items-center gap-3 py-2" data-testid="user-card-forecast">
                <span
                  className={clsx(
                    "h-2.5 w-2.5 shrink-0 rounded-full",
                    workloadColorClass(item.status === "away" ? null : item.status, item.status === "away"),
                  )}
                  aria-hidden="true"
                />
                <span className="w-32 shrink-0 text-slate-600">{dayRange(item.startDate, item.endDate, fmt)}</span>
                <span className="min-w-0 flex-1">
                  <span className="font-medium text-slate-900">{item.title}</span>
                  {item.comment && item.comment !== item.title ? <span className="text-slate-600"> · {item.comment}</span> : null}
                  {item.source ? <span className="text-xs text-slate-500"> · {t("forecast.fromSource", { source: item.source })}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {card.matters ? (
        <Section title={t("userCard.matters")}>
          {card.matters.length === 0 ? (
            <p className="text-sm text-slate-500">{t("userCard.noMatters", { days: card.mattersTimeperiod })}</p>
          ) : (
            <Table head={[["userCard.matter"], ["userCard.comment", "w-1/3"], ["userCard.lead", "w-1/4"]]}>
              {card.matters.map((matter) => (
                <tr key={matter.number}>
                  <td className="py-2 pr-3">
                    <span className="font-medium text-slate-900">{matter.displayName}</span>
                    <span className="block text-xs text-slate-600">
                      {matter.number}
                      {matter.clientDisplayName ? ` · ${matter.clientDisplayName}` : ""}
                    </span>
                  </td>
                  <td className="py-2 pr-3 text-slate-700">{matter.comment || "–"}</td>
                  <td className="py-2 text-slate-600">{matter.resposibleTimekeeperName ?? "–"}</td>
                </tr>
              ))}
            </Table>
          )}
        </Section>
      ) : null}

      {card.projects && card.projects.length > 0 ? (
        <Section title={t("userCard.projects")}>
          <Table head={[["userCard.title"], ["userCard.starts", "w-24"], ["userCard.ends", "w-24"]]}>
            {card.projects.map((project) => (
              <tr key={project._id}>
                <td className="py-2 pr-3 font-medium text-slate-900">
                  {projectLinks ? (
                    <Link to={`/projects/${project._id}`} className="text-brand-700 hover:underline">
                      {project.name}
                    </Link>
                  ) : (
                    project.name
                  )}
                </td>
                <td className="py-2 pr-3 text-slate-600">{project.startDate ? shortDate(project.startDate, card.today, fmt) : "–"}</td>
                <td className="py-2 text-slate-600">{project.endDate ? shortDate(project.endDate, card.today, fmt) : "–"}</td>
              </tr>
            ))}
          </Table>
        </Section>
      ) : null}

      {card.competences && (card.competences.length > 0 || card.addableCompetences?.length) ? (
        <Section title={t("userCard.competences")}>
          {card.addableCompetences?.length ? <AddCompetence userId={user._id} options={card.addableCompetences} /> : null}
          <Table head={[["userCard.title"], ["userCard.category", "w-24 sm:w-1/4"], ["userCard.skillLevel", "w-24 sm:w-1/4"]]}>
            {card.competences.map((skill) => (
              <tr key={skill._id}>
                <td className="py-2 pr-3 font-medium text-slate-900">
                  {competenceLinks ? (
                    <Link to={`/competences/${skill.competenceId}`} className="text-brand-700 hover:underline">
                      {skill.name}
                    </Link>
                  ) : (
                    skill.name
                  )}
                </td>
                <td className="py-2 pr-3 text-slate-600">{skill.category ?? "–"}</td>
                <td className="py-2 text-slate-600">{skill.levelName ? `${skill.levelName} (${skill.level})` : t("common.notSet")}</td>
              </tr>
            ))}
          </Table>
        </Section>
      ) : null}

      {card.cvItems.length > 0 ? (
        <Section title={t("userCard.cvPartner")}>
          <ul className="divide-y divide-slate-100 text-sm">
            {card.cvItems.map((item) => (
              <li key={item._id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
                <span className="text-slate-900">{item.title}</span>
                <span className="text-xs text-slate-500">{t("forecast.fromSource", { source: "CV Partner" })}</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** head: [label, width class] per column; the first column takes what is left and wraps. */
function Table({ head, children }: { head: [MessageKey, string?][]; children: ReactNode }) {
  const t = useT();
  return (
    <div className="overflow-x-auto">
      <table className="w-full table-fixed text-left text-sm break-words">
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-500">
            {head.map(([label, width]) => (
              <th key={label} scope="col" className={clsx("py-1.5 pr-3 font-medium", width)}>
                {t(label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
