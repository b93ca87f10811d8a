import { deleteWebPushSubscription } from "~/domain/reminders/web-push.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

/** DELETE /web-push-subscription/{id}: removes one of the caller's Web Push subscriptions (decision 0302). */
export const { loader, action, endpoints } = defineApiRoute({
  DELETE: endpoint({
    summary: "Removes one of the caller's Web Push subscriptions.",
    run: ({ params, ctx }) => deleteWebPushSubscription(ctx, params.id!),
  }),
});
