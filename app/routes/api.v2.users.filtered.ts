import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { filteredUsersSchema } from "~/domain/users/filter.schema";
import { filterUsers } from "~/domain/users/filter.server";
import { apiAction, methodNotAllowed, parseJson } from "~/lib/api.server";

export const loader = () => methodNotAllowed();

/** POST /users/filtered: a page of the people the filter matches, for the overview grid. */
export const action = apiAction({
  POST: async ({ request, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    const input = await parseJson(request, filteredUsersSchema, "UserFilterInputErrors");
    return json(await filterUsers(domainCtx(context, actor), input));
  },
});
