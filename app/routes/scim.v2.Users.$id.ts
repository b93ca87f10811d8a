import { getScimUser, patchScimUser, replaceScimUser } from "~/domain/identity/scim/scim.server";
import { defineScimRoute } from "~/web/scim.server";

export const { loader, action } = defineScimRoute({
  GET: { run: ({ s, params }) => getScimUser(s, params.id!) },
  PUT: { run: ({ s, params, body }) => replaceScimUser(s, params.id!, body) },
  PATCH: { run: ({ s, params, body }) => patchScimUser(s, params.id!, body) },
});
