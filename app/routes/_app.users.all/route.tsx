import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import clsx from "clsx";
import { useMemo, useState, type MouseEvent, type ReactNode } from "react";
import { isAdmin } from "~/auth/permissions";
import { requireUser, requireUserWho } from "~/auth/session.server";
import { canChange, RoleBadge, UserRowMenu, useRoleLabel, useUserDialogs } from "~/features/users/user-admin-ui";
import { InviteButtons, ResendInviteButton } from "~/features/users/user-dialogs";
import {
  groupLabel,
  matchesUser,
  nextSort,
  officeLabel,
  parseSort,
  sortSearch,
  sortUsers,
  statusLabel,
  type Sort,
  type SortKey,
} from "~/features/users/user-table";
import { runUsersAction } from "../_app.users._index/users-actions.server";
import { loadUsersPage } from "../_app.users._index/users-page.server";
import { Highlight } from "~/components/list-block";
import { Icon } from "~/components/icon";
import { SearchInput } from "~/components/search-input";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "users.all.pageTitle") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUserWho(request, context, isAdmin);
  const page = await loadUsersPage(context, actor);
  // The order in the address, applied here for the first render and for use without
  // JavaScript; in the browser, a header click sorts the loaded rows (no request).
  const sort = parseSort(new URL(request.url).searchParams);
  return json({ ...page, rows: sortUsers(page.rows, sort, page.titleRanking), sort });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return runUsersAction(context, await requireUser(request, context), request);
}

type Column = Exclude<SortKey, "domain">;
/** The column's aria-sort: a token for assistive technology, not a word. */
function ariaSortOf(active: boolean, dir: Sort["dir"]) {
  return active ? (dir === "asc" ? "ascending" : "descending") : "none";
}

const columns: Column[] = ["name", "title", "email", "admin", "group", "office", "status"];

export default function AllUsersPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const roleLabel = useRoleLabel();
  const notAssigned = t("users.notAssigned");
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<Sort>(data.sort);
  const sortBy = (event: MouseEvent<HTMLAnchorElement>, next: Sort) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setSort(next);
    // Kept in the address for a reload or a shared link, without a navigation: a navigation
    // would reload every loader of the page for an order the browser already has.
    window.history.replaceState(window.history.state, "", sortSearch(next));
  };
  const dialogs = useUserDialogs({ choices: data.choices, features: data.features, stepUp: data.stepUp });
  const rows = useMemo(
    () =>
      sortUsers(
        data.rows.filter((user) => matchesUser(user, query)),
        sort,
        data.titleRanking,
      ),
    [data.rows, query, sort, data.titleRanking],
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <Link to="/groups" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <Icon name="back" />
        {t("users.all.back")}
      </Link>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-slate-900">{t("users.all.title")}</h1>
        {data.canInvite ? <InviteButtons choices={data.choices} defaultTeam={data.myTeam} canInviteCompanyAdmin={data.me.companyAdmin} /> : null}
      </div>

      <SearchInput value={query} onChange={setQuery} label={t("users.all.search")} />
      <p className="sr-only" aria-live="polite">
        {t("users.all.sorted", { count: rows.length, column: t(`users.all.sortKey.${sort.key}`), dir: sort.dir })}
      </p>

      {/* Below lg each person is a card (label: value lines, actions at the top right) and the
          headers wrap into a row of sort buttons; from lg up it is a table. */}
      <div className="relative mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 lg:overflow-x-auto">
        <table className="w-full text-sm max-lg:block lg:min-w-full lg:divide-y lg:divide-slate-200" data-testid="users-table">
          <caption className="sr-only">{t("users.all.title")}</caption>
          <thead className="bg-slate-50 max-lg:block max-lg:rounded-t-xl max-lg:border-b max-lg:border-slate-200">
            <tr className="max-lg:flex max-lg:flex-wrap max-lg:items-center max-lg:gap-1.5 max-lg:p-3">
              {columns.map((key) => {
                const column = { key, label: t(`users.all.col.${key}`) };
                const active = sort.key === column.key || (column.key === "email" && sort.key === "domain");
                const ariaSort = ariaSortOf(active, sort.dir);
                const next = nextSort(sort, column.key);
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={ariaSort}
                    className="text-left font-semibold whitespace-nowrap text-slate-700 max-lg:block lg:px-2.5 lg:py-3"
                  >
                    <a
                      href={sortSearch(next)}
                      onClick={(event) => sortBy(event, next)}
                      className={clsx(
                        "inline-flex items-center gap-1 rounded hover:text-slate-950",
                        "max-lg:rounded-full max-lg:bg-white max-lg:px-2.5 max-lg:py-1 max-lg:text-xs max-lg:ring-1 max-lg:ring-slate-300",
                        active && "max-lg:ring-brand-600",
                      )}
                    >
                      {column.label}
                      {column.key === "email" && sort.key === "domain" ? (
                        <span className="text-xs font-normal text-slate-600">{t("users.all.domain")}</span>
                      ) : null}
                      <SortArrow dir={active ? sort.dir : null} />
                    </a>
                  </th>
                );
              })}
              <th scope="col" className="px-2 py-3 max-lg:hidden">
                <span className="sr-only">{t("users.all.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-lg:block">
            {rows.map((user) => (
              <tr key={user._id} className="align-top max-lg:relative max-lg:block max-lg:px-4 max-lg:py-3" data-testid="user-row">
                <td className="font-medium text-slate-900 max-lg:block max-lg:pr-12 max-lg:text-base lg:px-2.5 lg:py-3 lg:whitespace-nowrap">
                  <Highlight text={user.name || "—"} query={query} />
                </td>
                <Cell label={t("users.all.col.title")} value={user.title}>
                  {user.title}
                </Cell>
                <Cell label={t("users.all.col.email")} value={user.email} className="max-lg:break-all">
                  <Highlight text={user.email} query={query} />
                </Cell>
                <Cell label={t("users.all.col.admin")} value={roleLabel(user)}>
                  <RoleBadge label={roleLabel(user)} />
                </Cell>
                <Cell label={t("users.all.col.group")} value={groupLabel(user, notAssigned)}>
                  <Highlight text={groupLabel(user, notAssigned)} query={query} />
                </Cell>
                <Cell label={t("users.all.col.office")} value={officeLabel(user, notAssigned)}>
                  <Highlight text={officeLabel(user, notAssigned)} query={query} />
                </Cell>
                <td className="max-lg:mt-1 max-lg:flex max-lg:flex-wrap max-lg:items-baseline max-lg:gap-x-3 lg:px-2.5 lg:py-3 lg:whitespace-nowrap">
                  <span className={clsx("font-medium", user.erased ? "text-slate-600" : user.completed ? "text-green-700" : "text-amber-700")}>
                    {t(`users.status.${statusLabel(user).toLowerCase() as Lowercase<ReturnType<typeof statusLabel>>}`)}
                  </span>
                  {!user.completed && !user.erased && data.canInvite && canChange(data.me, user) ? (
                    <span className="lg:block">
                      <ResendInviteButton userId={user._id} name={user.name || user.email} />
                    </span>
                  ) : null}
                </td>
                <td className="text-right max-lg:absolute max-lg:top-2 max-lg:right-2 lg:px-2 lg:py-2">
                  {data.canInvite && canChange(data.me, user) && !user.erased ? (
                    <UserRowMenu user={user} open={dialogs.open} canErase={data.me.companyAdmin} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="px-4 py-6 text-sm text-slate-500">{query ? t("users.noMatches") : t("users.all.noUsers")}</p> : null}
      </div>
      {dialogs.modal}
    </div>
  );
}

/** A table cell; on a card a 'Label: value' line, left out when there is no value. */
function Cell({ label, value, className, children }: { label: string; value: string; className?: string; children: ReactNode }) {
  return (
    <td className={clsx("text-slate-600 max-lg:block max-lg:py-0.5 lg:px-2.5 lg:py-3", !value && "max-lg:hidden", className)}>
      <span className="mr-1 text-slate-500 lg:hidden" aria-hidden="true">
        {label}:
      </span>
      {children}
    </td>
  );
}

function SortArrow({ dir }: { dir: "asc" | "desc" | null }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={clsx("h-3.5 w-3.5", dir ? "text-slate-700" : "text-slate-300")}
      aria-hidden="true"
    >
      {dir === "desc" ? <path d="M12 5v14M6 13l6 6 6-6" /> : <path d="M12 19V5M6 11l6-6 6 6" />}
    </svg>
  );
}
