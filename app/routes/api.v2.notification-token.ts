import { listNotificationTokens } from "~/domain/users/notification-tokens.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The caller's own push tokens.", run: ({ ctx }) => listNotificationTokens(ctx) }),
});
