import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { isManager, isAdmin } from "~/auth/permissions";
import { requireUser } from "~/auth/session.server";
import { Button } from "~/components/button";
import { deleteOffice, getGroup, getOffice, renameOffice } from "~/domain/company/catalog.server";
import { officeRenameSchema } from "~/domain/company/catalog.schema";
import { domainCtx } from "~/domain/context";
import { ConfirmForm, NameForm } from "~/features/company/catalog-forms";
import { DialogButton } from "~/components/list-block";
import { Icon } from "~/components/icon";
import { orStatusPage, submitForm } from "~/lib/page-form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.office.name ?? "Office"} · Availability` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  if (!isAdmin(actor.user)) throw redirect("/home");
  const ctx = domainCtx(context, actor);
  const office = await orStatusPage(getOffice(ctx, params.id!));
  const group = await getGroup(ctx, office.group);
  return json({ office, group: { _id: group._id, name: group.name }, canManage: isManager(actor.user) });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  if (!isAdmin(actor.user)) throw redirect("/home");
  const ctx = domainCtx(context, actor);
  const officeId = params.id!;
  const form = await request.formData();
  switch (form.get("intent")) {
    case "renameOffice":
      return submitForm(form, officeRenameSchema, (input) => renameOffice(ctx, officeId, input));
    case "deleteOffice":
      return submitForm(form, z.object({}), async () => {
        const office = await deleteOffice(ctx, officeId);
        return redirect(`/groups/${office.group}`);
      });
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

export default function OfficePage() {
  const { office, group, canManage } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-8 sm:py-10">
      <Link to={`/groups/${group._id}`} className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:underline">
        <Icon name="back" />
        Back to {group.name}
      </Link>

      <section aria-labelledby="office-heading" className="mt-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Office in {group.name}</p>
            <h1 id="office-heading" className="mt-1 text-2xl font-semibold break-words text-slate-900">
              {office.name}
            </h1>
          </div>
          {canManage ? (
            <div className="flex shrink-0 gap-3">
              <DialogButton
                title="Rename office"
                button={(open) => (
                  <Button variant="secondary" onClick={open}>
                    <Icon name="edit" />
                    Rename
                  </Button>
                )}
              >
                {(close) => <NameForm intent="renameOffice" label="New name" submitLabel="Rename" busyLabel="Renaming..." onClose={close} />}
              </DialogButton>
              <DialogButton
                title="Delete office"
                button={(open) => (
                  <Button variant="danger" onClick={open}>
                    <Icon name="trash" />
                    Delete
                  </Button>
                )}
              >
                {(close) => (
                  <ConfirmForm intent="deleteOffice" onClose={close}>
                    <p className="flex gap-3 rounded-md bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
                      <span aria-hidden="true" className="font-bold">
                        !
                      </span>
                      <span>
                        Deleting <strong className="font-semibold">{office.name}</strong> cannot be undone. People in this office stay in {group.name}{" "}
                        without an office until you move them.
                      </span>
                    </p>
                  </ConfirmForm>
                )}
              </DialogButton>
            </div>
          ) : null}
        </div>
      </section>
    </div>
  );
}
