import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { requireUserCard } from "~/domain/users/user-card.server";
import { skillCreateSchema } from "~/domain/competences/competence.schema";
import { createSkill } from "~/domain/competences/competences.server";
import { apiRoute } from "~/web/api.server";
import { submitIntent } from "~/web/page-form.server";

/** Data for the user detail card the overview opens; any member of the company may look. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const actor = await requireUser(request, context);
  return json(await requireUserCard(domainCtx(context, actor), params.id!));
});

/**
 * The card's 'Add competence' (intent "create"): the person gets the picked competence (the
 * competence rules decide who may), through the page-write pipeline: 201 with the skill, or
 * `{ ok: false, message }`.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  const form = await request.formData().catch(() => new FormData());
  form.set("userId", params.id!);
  return submitIntent(form, skillCreateSchema, (input) => createSkill(domainCtx(context, actor), input));
}
