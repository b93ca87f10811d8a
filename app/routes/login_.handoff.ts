import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { signupPathFor } from "~/domain/identity/entra/flow.server";
import { contextOfCarried } from "~/domain/installation/pre-sign-in.server";
import { redeemHandoffCode } from "~/domain/identity/session.server";
import { clientSourceCookie } from "~/lib/client-source";

/**
 * The iOS wrapper's web view posts its hand-off code here (decision 0270): a POST, so the
 * cross-site write guard (web/request-guard.ts) refuses one from another site, and the code
 * never sits in an address, a history or a log. GET has no loader: it signs nobody in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const code = form?.get("code");
  const firm = typeof code === "string" && code.length > 0 && code.length <= 200 ? await contextOfCarried(context, "handoff", code) : null;
  const handed = firm && typeof code === "string" ? await redeemHandoffCode(firm, code) : null;
  if (!firm || !handed) return redirect("/login?handoff=expired", 303);
  const to = handed.user.completed ? "/" : await signupPathFor(firm, handed.user);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", handed.setCookie);
  // Writes from this browser come from the iOS app (spec: source ios_app).
  headers.append("Set-Cookie", clientSourceCookie("ios_app", { secure: new URL(request.url).protocol === "https:", embedded: false }));
  return redirect(to, { status: 303, headers });
}
