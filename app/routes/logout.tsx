import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession } from "~/auth/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const setCookie = await endSession(request, context);
  return redirect("/login", { headers: { "Set-Cookie": setCookie } });
}

export async function loader() {
  return redirect("/home");
}
