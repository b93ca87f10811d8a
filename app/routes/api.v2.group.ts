import { isManager } from "~/auth/permissions";
import { createGroup, listGroups } from "~/domain/company/catalog.server";
import { groupUpsertSchema } from "~/domain/company/catalog.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The company's groups.", run: ({ ctx }) => listGroups(ctx) }),
  POST: endpoint({
    summary: "Adds a group.",
    can: isManager,
    body: groupUpsertSchema,
    status: 201,
    run: ({ ctx, body }) => createGroup(ctx, body),
  }),
});
