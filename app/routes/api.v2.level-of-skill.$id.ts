import { isManager } from "~/auth/permissions";
import { deleteLevelOfSkill, updateLevelOfSkill } from "~/domain/company/catalog.server";
import { levelOfSkillUpsertSchema } from "~/domain/company/catalog.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Changes a skill level.",
    can: isManager,
    body: levelOfSkillUpsertSchema,
    run: ({ params, ctx, body }) => updateLevelOfSkill(ctx, params.id!, body),
  }),
  DELETE: endpoint({ summary: "Deletes a skill level.", can: isManager, run: ({ params, ctx }) => deleteLevelOfSkill(ctx, params.id!) }),
});
