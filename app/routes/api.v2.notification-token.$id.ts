import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { addNotificationToken, deleteNotificationToken, notificationTokenSchema } from "~/domain/users/notification-tokens.server";
import { apiAction, methodNotAllowed, parseJson } from "~/lib/api.server";

/** POST /notification-token/{tokenType} {token} adds one of the caller's; DELETE /notification-token/{id} removes it. */
export const loader = () => methodNotAllowed();

export const action = apiAction({
  POST: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    const input = await parseJson(request, notificationTokenSchema, "NotificationTokenInputErrors");
    return json(await addNotificationToken(domainCtx(context, actor), params.id!, input.token), { status: 201 });
  },
  DELETE: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    return json(await deleteNotificationToken(domainCtx(context, actor), params.id!));
  },
});
