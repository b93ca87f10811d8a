import { competenceListQuerySchema, competenceUpsertSchema } from "~/domain/competences/competence.schema";
import { createCompetence, ENTITY, listCompetences } from "~/domain/competences/competences.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The company's competences and categories with their members; with addToUser, the competences that person does not have yet.",
    query: competenceListQuerySchema,
    entity: ENTITY,
    run: ({ ctx, query }) => listCompetences(ctx, query),
  }),
  POST: endpoint({
    summary: "Creates a competence, or a category (root: true).",
    body: competenceUpsertSchema,
    entity: ENTITY,
    status: 201,
    run: ({ ctx, body }) => createCompetence(ctx, body),
  }),
});
