import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession } from "~/domain/identity/session.server";
import { safeRedirect } from "~/lib/safe-redirect";

/**
 * Signs out. With `redirectTo` ("Sign in again" on the step-up page, decision 0276) the login
 * page brings the person back there afterwards.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const back = safeRedirect(form?.get("redirectTo"), "");
  const setCookie = await endSession(request, context);
  // The browser forgets what this person kept in it, such as the saved overview filter
  // (localStorage): the next person at this computer starts clean.
  return redirect(back ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login", {
    headers: { "Set-Cookie": setCookie, "Clear-Site-Data": '"storage"' },
  });
}

export async function loader() {
  return redirect("/home");
}
