import { competenceUpsertSchema } from "~/domain/competences/competence.schema";
import { deleteCompetence, ENTITY, getCompetence, updateCompetence } from "~/domain/competences/competences.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "One competence or category with its members.", run: ({ ctx, params }) => getCompetence(ctx, params.id!) }),
  PUT: endpoint({
    summary: "Renames a competence or category, or moves it to another category (parentId null: none).",
    body: competenceUpsertSchema,
    entity: ENTITY,
    run: ({ ctx, params, body }) => updateCompetence(ctx, params.id!, body),
  }),
  DELETE: endpoint({
    summary: "Deletes a competence (its members lose it) or a category (its competences stay, without a category).",
    run: ({ ctx, params }) => deleteCompetence(ctx, params.id!),
  }),
});
