import type { Actor } from "~/auth/actor.types";
import { inviteUser, inviteUsers, resendInvite } from "~/domain/identity/invite.server";
import { multipleInviteFormSchema, userCreationSchema } from "~/domain/identity/invite.schema";
import { clientIp } from "~/domain/identity/login.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { domainCtx } from "~/domain/context";
import { requireManager } from "~/domain/guards.server";
import { updateUser } from "~/domain/users/user-update.server";
import type { LoadContext } from "~/env";
import { adminRightsSchema, moveUserSchema, userEditFormSchema } from "~/domain/users/admin-users.schema";
import { deleteUser, moveUser, setAdminRights } from "~/domain/users/admin-users.server";
import { orStatusPage, submitForm } from "~/web/page-form.server";
import { noFields } from "~/domain/schema-kit";
import { clearSecondFactors } from "~/domain/identity/second-factor-admin.server";
import { eraseUser } from "~/domain/privacy/erasure.server";
import { eraseFormSchema } from "~/domain/privacy/erasure.schema";

/** The form actions of /users and /users/all: one intent per dialog. Only managers change people: others hear 403 before the form is read. */
export async function runUsersAction(context: LoadContext, actor: Actor, request: Request) {
  const ctx = domainCtx(context, actor);
  await orStatusPage(() => requireManager(ctx));
  const mailer = mailerFor(context, request);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  switch (form.get("intent")) {
    case "invite":
      // A taken address is the e-mail field's error (issue 27, item 22), not a line under the form.
      return submitForm(form, userCreationSchema, (input) => inviteUser(ctx, mailer, input), { conflictOn: "email" });
    case "inviteMultiple":
      return submitForm(form, multipleInviteFormSchema, async (input) => invitationsSent((await inviteUsers(ctx, mailer, input)).length));
    case "update":
      // As PUT /users/{id}: one's own row is the self-update (privileges stay as they are), anyone else's the admin's.
      return submitForm(
        form,
        userEditFormSchema,
        (input) => updateUser(ctx, id, { ...input, source: "web_app" }, mailer, { env: context.env, ip: clientIp(request) }),
        { conflictOn: "email" },
      );
    case "move":
      return submitForm(form, moveUserSchema, (input) => moveUser(ctx, id, input));
    case "setAdmin":
      return submitForm(form, adminRightsSchema, (input) => setAdminRights(ctx, id, input));
    case "delete":
      return submitForm(form, noFields, () => deleteUser(ctx, id, context.env.FILES));
    case "erase":
      return submitForm(form, eraseFormSchema, (input) =>
        eraseUser(ctx, id, { env: context.env, ip: clientIp(request) }, input.currentPassword, context.env.FILES),
      );
    case "clearSecondFactors":
      return submitForm(form, noFields, () => clearSecondFactors(ctx, id, mailer));
    case "resendInvite":
      return submitForm(form, noFields, () => resendInvite(ctx, mailer, id));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

/** The toast of the 'Invite multiple' dialog. */
function invitationsSent(count: number) {
  if (count === 1) return { message: "Invitation sent to 1 person" };
  return { message: `Invitation sent to ${count} people` };
}
