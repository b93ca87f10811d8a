import { addNotificationToken, deleteNotificationToken, notificationTokenSchema } from "~/domain/users/notification-tokens.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

/** POST /notification-token/{tokenType} {token} adds one of the caller's; DELETE /notification-token/{id} removes it. */
export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Adds one of the caller's push tokens; the path names the token type.",
    body: notificationTokenSchema,
    entity: "NotificationTokenInputErrors",
    status: 201,
    run: ({ params, ctx, body }) => addNotificationToken(ctx, params.id!, body.token),
  }),
  DELETE: endpoint({ summary: "Removes one of the caller's push tokens.", run: ({ params, ctx }) => deleteNotificationToken(ctx, params.id!) }),
});
