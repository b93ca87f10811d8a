import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { competenceMembersSchema, competenceUpsertSchema, skillLevelSchema } from "~/domain/competences/competence.schema";
import { domainCtx } from "~/domain/context";
import { submitForm } from "~/web/page-form.server";
import { noFields } from "~/domain/schema-kit";
import { addMembers, deleteCompetence, deleteSkill, setSkillLevel, updateCompetence } from "~/domain/competences/competences.server";

/** /competences/{id}'s action (apart from the page so its schemas, with zod, stay out of the browser build: decision 0292). */
export async function runCompetenceAction({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  const ctx = domainCtx(context, actor);
  const id = params.id!;
  const form = await request.formData();
  switch (form.get("intent")) {
    case "update":
      return submitForm(form, competenceUpsertSchema, (input) => updateCompetence(ctx, id, input));
    case "delete":
      return submitForm(form, noFields, async () => {
        await deleteCompetence(ctx, id);
        return redirect("/competences/");
      });
    case "addMembers":
      return submitForm(form, competenceMembersSchema, (input) => addMembers(ctx, id, input.userIds));
    case "setLevel":
      return submitForm(form, skillLevelSchema.extend({ skillId: z.string().min(1) }), (input) => setSkillLevel(ctx, input.skillId, input));
    case "removeSkill":
      return submitForm(form, z.object({ skillId: z.string().min(1) }), (input) => deleteSkill(ctx, input.skillId));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}
