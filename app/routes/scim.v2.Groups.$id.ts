import { deleteScimGroup, getScimGroup, patchScimGroup, replaceScimGroup } from "~/domain/identity/scim/scim.server";
import { defineScimRoute } from "~/web/scim.server";

export const { loader, action } = defineScimRoute({
  GET: { run: ({ s, params }) => getScimGroup(s, params.id!) },
  PUT: { run: ({ s, params, body }) => replaceScimGroup(s, params.id!, body) },
  PATCH: { run: ({ s, params, body }) => patchScimGroup(s, params.id!, body) },
  DELETE: { run: ({ s, params }) => deleteScimGroup(s, params.id!) },
});
