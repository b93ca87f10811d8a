import { skillCreateSchema } from "~/domain/competences/competence.schema";
import { createSkill, SKILL_ENTITY } from "~/domain/competences/competences.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Gives a person (oneself when userId is left out) a competence, optionally with a skill level.",
    body: skillCreateSchema,
    entity: SKILL_ENTITY,
    status: 201,
    run: ({ ctx, body }) => createSkill(ctx, body),
  }),
});
