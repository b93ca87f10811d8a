import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { getUser } from "~/domain/users/profile.server";
import { ownUserUpdateSchema } from "~/domain/users/user-update.schema";
import { updateOwnUser } from "~/domain/users/user-update.server";
import { apiAction, apiRoute, parseJson } from "~/lib/api.server";

export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  return json(await getUser(domainCtx(context, actor), params.id!));
});

export const action = apiAction({
  PUT: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    const input = await parseJson(request, ownUserUpdateSchema, "UserInputErrors");
    return json(await updateOwnUser(domainCtx(context, actor, input.sessionId), params.id!, input));
  },
});
