import { createScimUser, listScimUsers } from "~/domain/scim/scim.server";
import { defineScimRoute } from "~/lib/scim.server";

export const { loader, action } = defineScimRoute({
  GET: { run: ({ s, query }) => listScimUsers(s, query) },
  POST: { status: 201, run: ({ s, body }) => createScimUser(s, body) },
});
