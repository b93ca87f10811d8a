import { createHandoffCode } from "~/domain/identity/session.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "The iOS wrapper's hand-off (decision 0270): a single-use code for the caller's session, valid 60 seconds, which the app's web view posts to /login/handoff (form field `code`) to get this session's cookie. Replaces /login?token=.",
    run: ({ context, actor }) => createHandoffCode(context, actor),
  }),
});
