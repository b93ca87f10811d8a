import { issueSocketTicket, SOCKET_TICKET_SECONDS } from "~/realtime/publish.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: `A single-use ticket, valid ${SOCKET_TICKET_SECONDS} s, to open the company's realtime socket (/parties/company/{companyId}?ticket=...).`,
    run: async ({ context, actor }) => ({
      ticket: await issueSocketTicket(context.env, actor.company.id, {
        sessionId: actor.sessionId,
        userId: actor.user.id,
        officeId: actor.user.officeId ?? null,
      }),
      companyId: actor.company.id,
      expiresIn: SOCKET_TICKET_SECONDS,
    }),
  }),
});
