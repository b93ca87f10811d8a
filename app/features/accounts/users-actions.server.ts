import { json } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Actor } from "~/auth/session.server";
import { splitList } from "~/domain/account/email-address";
import { inviteUser, inviteUsers, resendInvite } from "~/domain/account/invite.server";
import { multipleInviteSchema, userCreationSchema } from "~/domain/account/invite.schema";
import type { Mailer } from "~/domain/account/mailer.server";
import { domainCtx } from "~/domain/context";
import { ConflictError, DomainError, ValidationError } from "~/domain/errors";
import { updateUser } from "~/domain/users/user-update.server";
import type { LoadContext } from "~/env";
import { adminRightsSchema, moveUserSchema, userEditFormSchema } from "~/domain/users/admin-users.schema";
import { deleteUser, moveUser, setAdminRights } from "~/domain/users/admin-users.server";
import { submitForm } from "~/lib/page-form.server";
import { constraintConflict } from "~/db/constraint-errors";

const noFields = z.object({});

/** The answer of the 'Invite multiple' form: which e-mails are invalid or exist already. */
export interface InviteMultipleReply {
  status: "success" | "error";
  invalid?: string[];
  existing?: string[];
  fieldErrors?: Record<string, string>;
  message?: string;
  invited?: number;
}

/** The form actions of /users and /users/all: one intent per dialog. */
export async function runUsersAction(context: LoadContext, actor: Actor, mailer: Mailer, form: FormData) {
  const ctx = domainCtx(context, actor);
  const id = String(form.get("id") ?? "");
  switch (form.get("intent")) {
    case "invite":
      return submitForm(form, userCreationSchema, (input) => inviteUser(ctx, mailer, input));
    case "inviteMultiple":
      return inviteMultiple(ctx, mailer, form);
    case "update":
      // As PUT /users/{id}: one's own row is the self-update (privileges stay as they are), anyone else's the admin's.
      return submitForm(form, userEditFormSchema, (input) => updateUser(ctx, id, { ...input, source: "web_app" }, mailer));
    case "move":
      return submitForm(form, moveUserSchema, (input) => moveUser(ctx, id, input));
    case "setAdmin":
      return submitForm(form, adminRightsSchema, (input) => setAdminRights(ctx, id, input));
    case "delete":
      return submitForm(form, noFields, () => deleteUser(ctx, id, context.env.FILES));
    case "resendInvite":
      return submitForm(form, noFields, () => resendInvite(ctx, mailer, id));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

async function inviteMultiple(ctx: ReturnType<typeof domainCtx>, mailer: Mailer, form: FormData) {
  const emails = splitList(String(form.get("emails") ?? ""));
  const names = String(form.get("names") ?? "")
    .split(";")
    .map((name) => name.trim());
  const body = {
    users: emails.map((email, index) => ({ email, name: names[index] || null })),
    admin: form.get("admin"),
    group: form.get("group"),
    office: form.get("office"),
    secondaryEnabled: form.get("secondaryEnabled"),
    secondaryGroup: form.get("secondaryGroup"),
    secondaryOffice: form.get("secondaryOffice"),
  };
  const reply = (status: number, data: Omit<InviteMultipleReply, "status">) => json<InviteMultipleReply>({ status: "error", ...data }, { status });
  const parsed = multipleInviteSchema.safeParse(body);
  if (!parsed.success) {
    const invalid = new Set<string>();
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "users" && typeof issue.path[1] === "number") invalid.add(emails[issue.path[1]]);
      else fieldErrors[issue.path[0] === "users" ? "emails" : String(issue.path[0])] ??= issue.message;
    }
    return reply(400, { invalid: [...invalid], fieldErrors });
  }
  try {
    const created = await inviteUsers(ctx, mailer, parsed.data);
    return json<InviteMultipleReply>({ status: "success", invited: created.length });
  } catch (error) {
    if (error instanceof ConflictError && Array.isArray(error.data)) {
      const existing = error.data as string[];
      // Addresses of other firms are not named (decision 0082): then only the message says why.
      return reply(409, { existing, ...(existing.length === 0 && { message: "Some of these e-mails cannot be invited." }) });
    }
    if (error instanceof ValidationError) return reply(error.status, { fieldErrors: error.errors });
    if (error instanceof DomainError) return reply(error.status, { message: error.message });
    const conflict = constraintConflict(error);
    if (conflict) return reply(409, { message: conflict.message });
    throw error;
  }
}
