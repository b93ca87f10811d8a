import { isManager } from "~/auth/permissions";
import { moveUserSchema } from "~/domain/users/admin-users.schema";
import { moveUser } from "~/domain/users/admin-users.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Moves a person {office, group, secondaryEnabled, secondaryOffice, secondaryGroup}.",
    can: isManager,
    body: moveUserSchema,
    entity: "UserInputErrors",
    run: ({ params, ctx, body }) => moveUser(ctx, params.id!, body),
  }),
});
