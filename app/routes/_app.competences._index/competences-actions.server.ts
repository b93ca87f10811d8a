import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/session.server";
import { competenceUpsertSchema } from "~/domain/competences/competence.schema";
import { createCompetence } from "~/domain/competences/competences.server";
import { domainCtx } from "~/domain/context";
import { submitForm } from "~/web/page-form.server";

/** /competences' action: the create dialog (apart from the page so its schema, with zod, stays out of the browser build: decision 0292). */
export async function runCompetencesAction({ request, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  const ctx = domainCtx(context, actor);
  const form = await request.formData();
  if (form.get("intent") !== "createCompetence") throw new Response("Unknown intent", { status: 400 });
  return submitForm(form, competenceUpsertSchema, (input) => createCompetence(ctx, input));
}
