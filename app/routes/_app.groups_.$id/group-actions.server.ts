import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isAdmin } from "~/auth/permissions";
import { requireUserWho } from "~/auth/session.server";
import { createOffice, deleteGroup, updateGroup } from "~/domain/company/catalog.server";
import { groupUpsertSchema, officeRenameSchema } from "~/domain/company/catalog.schema";
import { domainCtx } from "~/domain/context";
import { submitForm } from "~/web/page-form.server";
import { noFields } from "~/domain/schema-kit";

/** /groups/{id}'s action (apart from the page so its schemas, with zod, stay out of the browser build: decision 0292). */
export async function runGroupAction({ request, params, context }: ActionFunctionArgs) {
  const ctx = domainCtx(context, await requireUserWho(request, context, isAdmin));
  const groupId = params.id!;
  const form = await request.formData();
  switch (form.get("intent")) {
    case "updateGroup":
      // An emptied SSO identifiers field means no identifiers, not "leave them".
      return submitForm(form, groupUpsertSchema, (input) => updateGroup(ctx, groupId, { ...input, ssoIdentifiers: input.ssoIdentifiers ?? [] }));
    case "deleteGroup":
      return submitForm(form, noFields, async () => {
        await deleteGroup(ctx, groupId);
        return redirect("/groups");
      });
    case "createOffice":
      return submitForm(form, officeRenameSchema, (input) => createOffice(ctx, { name: input.name, group: groupId, timeZone: input.timeZone }));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}
