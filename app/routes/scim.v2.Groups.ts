import { createScimGroup, listScimGroups } from "~/domain/identity/scim/scim.server";
import { defineScimRoute } from "~/web/scim.server";

export const { loader, action } = defineScimRoute({
  GET: { run: ({ s, query }) => listScimGroups(s, query) },
  POST: { status: 201, run: ({ s, body }) => createScimGroup(s, body) },
});
