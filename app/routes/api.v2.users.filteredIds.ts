import { userFilterSchema } from "~/domain/users/filter.schema";
import { filterUserIds } from "~/domain/users/filter.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "The ids of everyone the filter matches, in the chosen order.",
    body: userFilterSchema,
    entity: "UserFilterInputErrors",
    run: ({ ctx, body }) => filterUserIds(ctx, body),
  }),
});
