import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getUncompletedUser } from "~/domain/account/signup.server";
import { apiRoute } from "~/lib/api.server";

/** GET /users/{inviteSecret}/uncompleted: public; the invited person and the sign-up choices. */
export const loader = apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
  return json(await getUncompletedUser(context.db, params.id!));
});
