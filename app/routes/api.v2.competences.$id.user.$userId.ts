import { addMember } from "~/domain/competences/competences.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Adds one person to a competence (409 when they have it already).",
    run: ({ ctx, params }) => addMember(ctx, params.id!, params.userId!),
  }),
});
