import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { isManager, isAdmin } from "~/auth/permissions";
import { requireUserWho } from "~/auth/session.server";
import { deleteOffice, getGroup, getOffice, renameOffice, setOfficeTimeZone } from "~/domain/company/catalog.server";
import { officeRenameSchema, officeTimeZoneSchema } from "~/domain/company/catalog.schema";
import { domainCtx } from "~/domain/context";
import { NameForm, TimeZoneForm } from "~/features/company/catalog-form-loaders";
import { DialogButton } from "~/components/list-block";
import { Button } from "~/components/button";
import { CatalogEntryPage } from "~/features/company/catalog-entry-page";
import { orStatusPage, submitForm } from "~/web/page-form.server";
import { noFields } from "~/domain/schema-kit";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: metaText(matches, "office.pageTitle", { name: data?.office.name ?? metaText(matches, "findPeople.office") }) },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUserWho(request, context, isAdmin);
  const ctx = domainCtx(context, actor);
  const office = await orStatusPage(getOffice(ctx, params.id!));
  const group = await getGroup(ctx, office.group);
  return json({
    office,
    group: { _id: group._id, name: group.name },
    companyZone: actor.company.settings.timeZone,
    canManage: isManager(actor.user),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = domainCtx(context, await requireUserWho(request, context, isAdmin));
  const officeId = params.id!;
  const form = await request.formData();
  switch (form.get("intent")) {
    case "renameOffice":
      return submitForm(form, officeRenameSchema, (input) => renameOffice(ctx, officeId, input));
    case "setOfficeTimeZone":
      return submitForm(form, officeTimeZoneSchema, (input) => setOfficeTimeZone(ctx, officeId, input));
    case "deleteOffice":
      return submitForm(form, noFields, async () => {
        const office = await deleteOffice(ctx, officeId);
        return redirect(`/groups/${office.group}`);
      });
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

export default function OfficePage() {
  const t = useT();
  const { office, group, companyZone, canManage } = useLoaderData<typeof loader>();
  return (
    <CatalogEntryPage
      kind={t("office.kind", { group: group.name })}
      name={office.name}
      back={{ to: `/groups/${group._id}`, label: t("office.back", { group: group.name }) }}
      details={
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 className="text-xs font-medium text-slate-500">{t("office.timeZone")}</h2>
          <p className="text-sm text-slate-800" data-testid="office-time-zone">
            {office.timeZone}
            {office.ownTimeZone ? null : <span className="text-slate-500"> {t("office.companyZone")}</span>}
          </p>
          {canManage ? (
            <DialogButton
              title={t("office.timeZoneDialog")}
              button={(open) => (
                <Button variant="secondary" onClick={open}>
                  {t("office.changeTimeZone")}
                </Button>
              )}
            >
              {(close) => <TimeZoneForm office={office} companyZone={companyZone} onClose={close} />}
            </DialogButton>
          ) : null}
        </div>
      }
      canManage={canManage}
      edit={{
        title: t("office.rename"),
        buttonLabel: t("office.renameButton"),
        form: (close) => (
          <NameForm
            intent="renameOffice"
            label={t("office.newName")}
            submitLabel={t("office.renameButton")}
            busyLabel={t("office.renaming")}
            onClose={close}
          />
        ),
      }}
      remove={{
        title: t("office.delete"),
        intent: "deleteOffice",
        warning: (
          <p className="flex gap-3 rounded-md bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
            <span aria-hidden="true" className="font-bold">
              !
            </span>
            <span>
              {t("office.deleteWarning.before")} <strong className="font-semibold">{office.name}</strong>{" "}
              {t("office.deleteWarning.after", { group: group.name })}
            </span>
          </p>
        ),
      }}
    />
  );
}
