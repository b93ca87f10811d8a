import { createScimUser, listScimUsers } from "~/domain/identity/scim/scim.server";
import { defineScimRoute } from "~/web/scim.server";

export const { loader, action } = defineScimRoute({
  GET: { run: ({ s, query }) => listScimUsers(s, query) },
  POST: { status: 201, run: ({ s, body }) => createScimUser(s, body) },
});
