import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { isManager, isAdmin } from "~/auth/permissions";
import { requireUserWho } from "~/auth/session.server";
import { getGroup, listOffices } from "~/domain/company/catalog.server";
import { domainCtx } from "~/domain/context";
import { GroupForm, NameForm } from "~/features/company/catalog-form-loaders";
import { CatalogEntryPage } from "~/features/company/catalog-entry-page";
import { AddButton, DialogButton, ListBlock } from "~/components/list-block";
import { Icon } from "~/components/icon";
import { orStatusPage } from "~/web/page-form.server";
import { metaText, useT } from "~/lib/i18n/i18n";
import { runGroupAction } from "./group-actions.server";

/** `groups_` keeps this page out of the company page's layout: /groups/{id} is a page of its own. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: metaText(matches, "group.pageTitle", { name: data?.group.name ?? metaText(matches, "group.kind") }) },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUserWho(request, context, isAdmin);
  const ctx = domainCtx(context, actor);
  const group = await orStatusPage(getGroup(ctx, params.id!));
  const offices = await listOffices(ctx, { groupId: group._id });
  return json({ group, offices, canManage: isManager(actor.user) });
}

export const action = (args: ActionFunctionArgs) => runGroupAction(args);

export default function GroupPage() {
  const { group, offices, canManage } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <CatalogEntryPage
      kind={t("group.kind")}
      name={group.name}
      back={{ to: "/groups", label: t("company.back") }}
      details={
        <div className="mt-3">
          <h2 className="text-xs font-medium text-slate-500">{t("group.ssoIdentifiers")}</h2>
          {group.ssoIdentifiers.length ? (
            <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={t("group.ssoIdentifiers")}>
              {group.ssoIdentifiers.map((identifier) => (
                <li key={identifier} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                  {identifier}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-500">{t("group.none")}</p>
          )}
        </div>
      }
      canManage={canManage}
      edit={{
        title: t("group.edit"),
        buttonLabel: t("group.edit"),
        form: (close) => <GroupForm intent="updateGroup" group={group} onClose={close} />,
      }}
      remove={{
        title: t("group.delete"),
        intent: "deleteGroup",
        warning: (
          <>
            <p>
              {t("company.delete.before")} <strong className="font-semibold text-slate-900">{group.name}</strong>
              {t("group.delete.question")}
            </p>
            <p className="mt-2">
              {t("group.delete.offices", { count: offices.length })} {t("group.delete.people")}
            </p>
          </>
        ),
      }}
    >
      <ListBlock
        title={t("group.offices")}
        className="mt-6"
        empty={t("group.noOffices")}
        action={
          canManage ? (
            <DialogButton
              title={t("group.newOffice")}
              description={t("group.officeBelongs", { group: group.name })}
              button={(open) => <AddButton what={t("company.kind.office")} onClick={open} />}
            >
              {(close) => <NameForm intent="createOffice" submitLabel={t("group.addOffice")} busyLabel={t("group.adding")} onClose={close} />}
            </DialogButton>
          ) : null
        }
      >
        {offices.map((office) => (
          <li key={office._id}>
            <Link
              to={`/offices/${office._id}`}
              className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50"
            >
              <span className="truncate text-sm font-medium text-slate-900">{office.name}</span>
              <Icon name="chevron" className="h-4 w-4 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ListBlock>
    </CatalogEntryPage>
  );
}
