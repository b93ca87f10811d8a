import { messageSchema } from "~/domain/workload/workload.schema";
import { setMessage } from "~/domain/workload/workload.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({ summary: "Sets the caller's status message.", body: messageSchema, run: ({ ctx, body }) => setMessage(ctx, body) }),
});
