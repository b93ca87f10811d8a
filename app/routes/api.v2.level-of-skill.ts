import { isManager } from "~/auth/permissions";
import { createLevelOfSkill, listLevelsOfSkill } from "~/domain/company/catalog.server";
import { levelOfSkillUpsertSchema } from "~/domain/company/catalog.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The company's skill levels.", run: ({ ctx }) => listLevelsOfSkill(ctx) }),
  POST: endpoint({
    summary: "Adds a skill level.",
    can: isManager,
    body: levelOfSkillUpsertSchema,
    status: 201,
    run: ({ ctx, body }) => createLevelOfSkill(ctx, body),
  }),
});
