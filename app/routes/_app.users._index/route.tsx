import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { isTeamAdmin, roleRank } from "~/auth/permissions";
import { ADMINISTRATORS_ONLY, requireUser } from "~/auth/session.server";
import { officesOf, SelectField } from "~/components/select-field";
import { canChange, RoleBadge, UserRowMenu, useRoleLabel, useUserDialogs, type AdminUser } from "~/features/users/user-admin-ui";
import { InviteButtons, ResendInviteButton } from "~/features/users/user-dialogs";
import { groupLabel, matchesUser, officeLabel } from "~/features/users/user-table";
import { runUsersAction } from "./users-actions.server";
import { loadUsersPage } from "./users-page.server";
import { Highlight, ListBlock } from "~/components/list-block";
import { Icon } from "~/components/icon";
import { officeChoiceLabel } from "~/lib/office-name";
import { SearchInput } from "~/components/search-input";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "users.pageTitle") }];

/** /users: administrators manage the people of their group and office. Company admins use /users/all. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  if (actor.user.companyAdmin && !isTeamAdmin(actor.user)) throw redirect("/users/all");
  if (!isTeamAdmin(actor.user)) throw new Response(ADMINISTRATORS_ONLY, { status: 403 });
  return json(await loadUsersPage(context, actor));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return runUsersAction(context, await requireUser(request, context), request);
}

/** Between the e-mail, the groups and the offices of a row: a mark, the same in every language. */
const SEPARATOR = " · ";

function inTeam(user: AdminUser, groupId: string, officeId: string) {
  const pairs = [
    [user.group?._id, user.office?._id],
    [user.secondaryGroup?._id, user.secondaryOffice?._id],
  ];
  return pairs.some(([group, office]) => (!groupId || group === groupId) && (!officeId || office === officeId));
}

export default function UsersPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const roleLabel = useRoleLabel();
  const [query, setQuery] = useState("");
  const [groupId, setGroupId] = useState("");
  const [officeId, setOfficeId] = useState("");
  const dialogs = useUserDialogs({ choices: data.choices, features: data.features, stepUp: data.stepUp });
  // The filters offer the teams the list holds (the administrator's own and secondary ones).
  const groupIds = new Set(data.rows.flatMap((user) => [user.group?._id, user.secondaryGroup?._id]));
  const officeIds = new Set(data.rows.flatMap((user) => [user.office?._id, user.secondaryOffice?._id]));
  const groups = data.choices.groups.filter((group) => groupIds.has(group._id));
  const offices = (groupId ? officesOf(data.choices, groupId) : data.choices.offices).filter((office) => officeIds.has(office._id));
  const visible = data.rows.filter((user) => matchesUser(user, query) && inTeam(user, groupId, officeId));
  const administrators = visible.filter((user) => roleRank(user) > 0).sort((a, b) => roleRank(b) - roleRank(a) || a.name.localeCompare(b.name));
  const people = visible.filter((user) => roleRank(user) === 0);

  const row = (user: AdminUser) => (
    <li key={user._id} className="flex items-center justify-between gap-3 px-4 py-3">
      <span className="block min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="truncate text-sm font-medium text-slate-900">
            <Highlight text={user.name || user.email} query={query} />
          </span>
          <RoleBadge label={roleLabel(user)} />
          {user.erased ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300">
              {t("users.badge.erased")}
            </span>
          ) : null}
          {user.completed ? null : (
            <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
              {t("users.badge.notCompleted")}
            </span>
          )}
        </span>
        <span className="block truncate text-xs text-slate-500">
          {user.email ? (
            <>
              <Highlight text={user.email} query={query} />
              {SEPARATOR}
            </>
          ) : null}
          {groupLabel(user, t("users.notAssigned"))}
          {SEPARATOR}
          {officeLabel(user, t("users.notAssigned"))}
        </span>
        {!user.completed && !user.erased && data.canInvite && canChange(data.me, user) ? (
          <ResendInviteButton userId={user._id} name={user.name || user.email} />
        ) : null}
      </span>
      {data.canInvite && canChange(data.me, user) && !user.erased ? (
        <UserRowMenu user={user} open={dialogs.open} canErase={data.me.companyAdmin} />
      ) : null}
    </li>
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <Link to="/home" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <Icon name="back" />
        {t("common.back")}
      </Link>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-slate-900">{t("users.title")}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {data.canReadActivity ? (
            <Link
              to="/activity"
              className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
            >
              <Icon name="activity" />
              {t("users.activity")}
            </Link>
          ) : null}
          {data.canInvite ? <InviteButtons choices={data.choices} defaultTeam={data.myTeam} canInviteCompanyAdmin={false} /> : null}
        </div>
      </div>

      <div className="mt-6 grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <label htmlFor="user-search" className="block text-sm font-medium text-slate-700">
            {t("users.search")}
          </label>
          <SearchInput
            id="user-search"
            value={query}
            onChange={setQuery}
            label={t("users.search")}
            placeholder={t("users.search")}
            className="mt-1"
          />
        </div>
        <SelectField
          id="filter-group"
          label={t("users.group")}
          value={groupId}
          onChange={(event) => {
            setGroupId(event.target.value);
            setOfficeId("");
          }}
          placeholder={t("users.allGroups")}
          options={groups.map((group) => ({ value: group._id, label: group.name }))}
        />
        <SelectField
          id="filter-office"
          label={t("users.office")}
          value={officeId}
          onChange={(event) => setOfficeId(event.target.value)}
          placeholder={t("users.allOffices")}
          options={offices.map((office) => ({ value: office._id, label: officeChoiceLabel(office, data.choices.groups) }))}
        />
      </div>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <ListBlock title={t("users.administrators")} empty={query ? t("users.noMatches") : t("users.noAdministrators")}>
          {administrators.map(row)}
        </ListBlock>
        <ListBlock title={t("users.users")} empty={query ? t("users.noMatches") : t("users.noUsersHere")}>
          {people.map(row)}
        </ListBlock>
      </div>
      {dialogs.modal}
    </div>
  );
}
