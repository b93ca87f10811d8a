import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { isManager } from "~/auth/permissions";
import { requireUserWho } from "~/auth/session.server";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { DateRangeFields } from "~/components/date-field";
import { Icon } from "~/components/icon";
import { SelectField } from "~/components/select-field";
import { activityPage } from "~/domain/activity/activity.server";
import { activitySearch, parseActivityFilter } from "~/domain/activity/activity.schema";
import { ACTIVITY_KIND_KEYS } from "~/domain/activity/activity-text";
import { domainCtx } from "~/domain/context";
import { useMoments } from "~/lib/format";
import { useActivityPings } from "~/realtime/use-company-room";
import { metaText, useT } from "~/lib/i18n/i18n";
import { languageOfRequest } from "~/web/reader.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "activity.pageTitle") }];

/**
 * The Activity page (issue 31, item 3; decision 0301): who changed what, when and from which
 * client, newest first, 50 rows a page, filtered by person, kind of change and days; the
 * same rows as a workbook; new rows arrive while the first page is open.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUserWho(request, context, isManager);
  const { filter, error } = parseActivityFilter(new URL(request.url).searchParams);
  const page = await activityPage(domainCtx(context, actor), filter, await languageOfRequest(request, context));
  return json({ ...page, filter, error, companyAdmin: actor.user.companyAdmin });
}

export default function ActivityPage() {
  const { rows, next, people, filter, error, companyAdmin } = useLoaderData<typeof loader>();
  const { moment, zone } = useMoments();
  const t = useT();
  const revalidator = useRevalidator();
  const firstPage = !filter.before;
  // A change anywhere in the company: the first page reads its newest rows again (older pages stay put).
  useActivityPings(() => {
    // A ping during a read starts it again, so the newest row is never missed.
    if (firstPage) revalidator.revalidate();
  });
  const filtered = Boolean(filter.person || filter.kind || filter.from || filter.to);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-8 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">{t("activity.title")}</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{companyAdmin ? t("activity.introCompany") : t("activity.introAdmin")}</p>
        </div>
        <a
          href={`/api/activity.xlsx${activitySearch(filter)}`}
          download
          className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          <Icon name="forecasts" />
          {t("activity.download")}
        </a>
      </div>

      <Form
        method="get"
        className="mt-6 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem_11rem_auto]"
      >
        <SelectField
          id="activity-person"
          name="person"
          label={t("activity.person")}
          defaultValue={filter.person ?? ""}
          options={[{ value: "", label: t("activity.everyone") }, ...people.map((p) => ({ value: p.id, label: p.name || t("activity.noName") }))]}
        />
        <SelectField
          id="activity-kind"
          name="kind"
          label={t("activity.kind")}
          defaultValue={filter.kind ?? ""}
          options={[
            { value: "", label: t("activity.allChanges") },
            ...ACTIVITY_KIND_KEYS.map((key) => ({ value: key, label: t(`activity.kind.${key}`) })),
          ]}
        />
        <DateRangeFields
          start={{ id: "activity-from", name: "from", label: t("activity.from"), defaultValue: filter.from ?? "" }}
          end={{ id: "activity-to", name: "to", label: t("activity.to"), defaultValue: filter.to ?? "" }}
        />
        <div className="flex items-end gap-2">
          <Button type="submit">{t("activity.show")}</Button>
          {filtered ? (
            <Link to="/activity" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              {t("activity.clear")}
            </Link>
          ) : null}
        </div>
      </Form>
      <Alert message={error ? t("activity.invalidFilter", { error }) : null} className="mt-4" />

      <section aria-labelledby="activity-heading" className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="activity-heading" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
          {firstPage ? t("activity.latest") : t("activity.older")}{" "}
          <span className="font-normal text-slate-500">{t("activity.timesIn", { zone })}</span>
        </h2>
        {rows.length ? (
          <table className="w-full text-left text-sm">
            <thead className="sr-only md:not-sr-only">
              <tr className="text-xs text-slate-500">
                <th scope="col" className="px-4 py-2 font-medium whitespace-nowrap">
                  {t("activity.col.when")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("activity.col.who")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("activity.col.client")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("activity.col.what")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("activity.col.details")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id} className="grid grid-cols-[1fr_auto] gap-x-3 px-4 py-3 md:table-row md:p-0">
                  <td className="text-xs text-slate-500 md:px-4 md:py-3 md:text-sm md:whitespace-nowrap md:text-slate-700">
                    <time dateTime={row.at}>{moment(row.at)}</time>
                  </td>
                  <td className="col-start-1 row-start-2 font-medium break-words text-slate-900 md:px-4 md:py-3">{row.who}</td>
                  <td className="col-start-2 row-span-2 row-start-1 self-start md:px-4 md:py-3">
                    <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{row.client}</span>
                  </td>
                  <td className="col-span-2 break-words text-slate-800 md:px-4 md:py-3">{row.what}</td>
                  <td className="col-span-2 text-xs break-all text-slate-500 md:max-w-xs md:px-4 md:py-3">{row.details}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="px-4 py-8 text-center text-sm text-slate-600">{filtered ? t("activity.noMatch") : t("activity.nothing")}</p>
        )}
        {!firstPage || next ? (
          <nav aria-label={t("activity.pages")} className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm">
            {!firstPage ? (
              <Link to={`/activity${activitySearch(filter)}`} className="font-medium text-brand-700 hover:underline">
                {t("activity.latestLink")}
              </Link>
            ) : (
              <span />
            )}
            {next ? (
              <Link to={`/activity${activitySearch(filter, { before: next })}`} className="font-medium text-brand-700 hover:underline">
                {t("activity.olderLink")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
