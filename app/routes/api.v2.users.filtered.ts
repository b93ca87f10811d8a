import { filteredUsersSchema } from "~/domain/users/filter.schema";
import { filterUsers } from "~/domain/users/filter.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "A page of the people the filter matches, for the overview grid.",
    body: filteredUsersSchema,
    entity: "UserFilterInputErrors",
    run: ({ ctx, body }) => filterUsers(ctx, body),
  }),
});
