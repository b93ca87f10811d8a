import { addWebPushSubscription, readWebPush, webPushSubscriptionSchema } from "~/domain/reminders/web-push.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

/** GET: the VAPID public key and the caller's browsers that take reminder pushes; POST: one more (decision 0302). */
export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The key browsers subscribe with (null when this installation sends no web push) and the caller's Web Push subscriptions.",
    run: ({ ctx, context }) => readWebPush(ctx, context.env),
  }),
  POST: endpoint({
    summary: "Adds one of the caller's Web Push subscriptions (PushSubscription.toJSON(), and a label).",
    body: webPushSubscriptionSchema,
    entity: "WebPushSubscriptionInputErrors",
    status: 201,
    run: ({ ctx, context, body }) => addWebPushSubscription(ctx, context.env, body),
  }),
});
