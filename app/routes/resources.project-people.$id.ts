import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { requireProjectsEnabled, searchPeopleForProject } from "~/domain/projects/projects.server";
import { apiRoute } from "~/web/api.server";

/** The member picker's search ('Search users'): people of the company not yet on the project. */
export const loader = apiRoute(async ({ request, context, params }: LoaderFunctionArgs) => {
  const actor = await requireUser(request, context);
  const ctx = domainCtx(context, actor);
  requireProjectsEnabled(ctx);
  const term = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  return json({ people: await searchPeopleForProject(ctx, params.id!, term) });
});
