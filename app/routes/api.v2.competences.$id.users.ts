import { competenceMembersSchema } from "~/domain/competences/competence.schema";
import { addMembers, ENTITY } from "~/domain/competences/competences.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Adds people to a competence; those who have it already are left as they are.",
    body: competenceMembersSchema,
    entity: ENTITY,
    run: ({ ctx, params, body }) => addMembers(ctx, params.id!, body.userIds),
  }),
});
