import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { getUserCard } from "~/domain/users/user-card.server";
import { skillCreateSchema } from "~/domain/competences/competence.schema";
import { createSkill, SKILL_ENTITY } from "~/domain/competences/competences.server";
import { validate } from "~/domain/validation";
import { apiRoute } from "~/lib/api.server";

/** Data for the user detail card the overview opens; any member of the company may look. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const actor = await requireUser(request, context);
  return json(await getUserCard(domainCtx(context, actor), params.id!));
});

/** The card's 'Add competence': the person gets the picked competence (the competence rules decide who may). */
export const action = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const actor = await requireUser(request, context);
  const form = await request.formData().catch(() => new FormData());
  const input = validate(skillCreateSchema, { competenceId: form.get("competenceId") ?? undefined, userId: params.id }, SKILL_ENTITY);
  return json(await createSkill(domainCtx(context, actor), input), { status: 201 });
});
