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
import { ACTIVITY_KIND_KEYS, ACTIVITY_KINDS } from "~/domain/activity/activity-text";
import { domainCtx } from "~/domain/context";
import { useMoments } from "~/lib/format";
import { useActivityPings } from "~/realtime/use-company-room";

export const meta: MetaFunction = () => [{ title: "Activity · Availability" }];

/**
 * The Activity page (issue 31, item 3; decision 0301): who changed what, when and from which
 * client, newest first, 50 rows a page, filtered by person, kind of change and days; the
 * same rows as a workbook; new rows arrive while the first page is open.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUserWho(request, context, isManager);
  const { filter, error } = parseActivityFilter(new URL(request.url).searchParams);
  const page = await activityPage(domainCtx(context, actor), filter);
  return json({ ...page, filter, error, companyAdmin: actor.user.companyAdmin });
}

export default function ActivityPage() {
  const { rows, next, people, filter, error, companyAdmin } = useLoaderData<typeof loader>();
  const { moment, zone } = useMoments();
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
          <h1 className="text-2xl font-semibold text-slate-900">Activity</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            {companyAdmin
              ? "Who changed what in the company, when, and from where. Passwords, keys and other secrets are never shown."
              : "What was changed for the people you administer, and what they changed. Passwords, keys and other secrets are never shown."}
          </p>
        </div>
        <a
          href={`/api/activity.xlsx${activitySearch(filter)}`}
          download
          className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          <Icon name="forecasts" />
          Download (xlsx)
        </a>
      </div>

      <Form
        method="get"
        className="mt-6 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem_11rem_auto]"
      >
        <SelectField
          id="activity-person"
          name="person"
          label="Person"
          defaultValue={filter.person ?? ""}
          options={[{ value: "", label: "Everyone" }, ...people.map((p) => ({ value: p.id, label: p.name || "(no name)" }))]}
        />
        <SelectField
          id="activity-kind"
          name="kind"
          label="Kind of change"
          defaultValue={filter.kind ?? ""}
          options={[{ value: "", label: "All changes" }, ...ACTIVITY_KIND_KEYS.map((key) => ({ value: key, label: ACTIVITY_KINDS[key].label }))]}
        />
        <DateRangeFields
          start={{ id: "activity-from", name: "from", label: "From", defaultValue: filter.from ?? "" }}
          end={{ id: "activity-to", name: "to", label: "To", defaultValue: filter.to ?? "" }}
        />
        <div className="flex items-end gap-2">
          <Button type="submit">Show</Button>
          {filtered ? (
            <Link to="/activity" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      <Alert message={error ? `${error} Showing all activity instead.` : null} className="mt-4" />

      <section aria-labelledby="activity-heading" className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="activity-heading" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
          {firstPage ? "Latest changes" : "Older changes"} <span className="font-normal text-slate-500">(times in {zone})</span>
        </h2>
        {rows.length ? (
          <table className="w-full text-left text-sm">
            <thead className="sr-only md:not-sr-only">
              <tr className="text-xs text-slate-500">
                <th scope="col" className="px-4 py-2 font-medium whitespace-nowrap">
                  When
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Who
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Client
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  What
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Details
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
          <p className="px-4 py-8 text-center text-sm text-slate-600">
            {filtered ? "No activity matches this filter." : "Nothing has been recorded yet."}
          </p>
        )}
        {!firstPage || next ? (
          <nav aria-label="Pages of activity" className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm">
            {!firstPage ? (
              <Link to={`/activity${activitySearch(filter)}`} className="font-medium text-brand-700 hover:underline">
                ← Latest
              </Link>
            ) : (
              <span />
            )}
            {next ? (
              <Link to={`/activity${activitySearch(filter, { before: next })}`} className="font-medium text-brand-700 hover:underline">
                Older →
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
