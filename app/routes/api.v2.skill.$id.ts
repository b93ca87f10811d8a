import { skillLevelSchema } from "~/domain/competences/competence.schema";
import { deleteSkill, setSkillLevel, SKILL_ENTITY } from "~/domain/competences/competences.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Sets a skill's level; levelOfSkillId absent or null clears it.",
    body: skillLevelSchema,
    entity: SKILL_ENTITY,
    run: ({ ctx, params, body }) => setSkillLevel(ctx, params.id!, body),
  }),
  DELETE: endpoint({ summary: "Takes a person off a competence.", run: ({ ctx, params }) => deleteSkill(ctx, params.id!) }),
});
