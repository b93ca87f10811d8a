import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession } from "~/domain/identity/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const setCookie = await endSession(request, context);
  // The browser forgets what this person kept in it, such as the saved overview filter
  // (localStorage): the next person at this computer starts clean.
  return redirect("/login", { headers: { "Set-Cookie": setCookie, "Clear-Site-Data": '"storage"' } });
}

export async function loader() {
  return redirect("/home");
}
