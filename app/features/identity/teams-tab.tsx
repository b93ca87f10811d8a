import { useEffect, useState } from "react";
import { Alert } from "~/components/alert";
import { useT } from "~/lib/i18n/i18n";

/**
 * The Teams tab (spec section 1): the product inside Microsoft Teams' frame, recognised by the
 * frame's window name. The Teams JavaScript SDK (loaded only there) gives the tab's context and
 * the person's SSO token; POST /api/v2/azure-ad/sign-in-with-token turns it into a session
 * (the server checks the token as it checks a sign-in, and that tenant and user id match).
 */
export const EMBEDDED_FRAME_NAMES = ["embedded-page-container", "extension-tab-frame"];

export function isEmbeddedFrame(): boolean {
  return typeof window !== "undefined" && EMBEDDED_FRAME_NAMES.includes(window.name);
}

type State = { kind: "idle" } | { kind: "signing-in" } | { kind: "failed"; message: string };

/** `hostOrigins`: extra origins the SDK may trust (the local provider's stand-in host in development). */
export function TeamsSignIn({ hostOrigins }: { hostOrigins: string[] }) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: "idle" });
  const origins = hostOrigins.join(" ");
  useEffect(() => {
    if (!isEmbeddedFrame()) return;
    let cancelled = false;
    setState({ kind: "signing-in" });
    (async () => {
      const { app, authentication } = await import("@microsoft/teams-js");
      await app.initialize(origins ? origins.split(" ") : undefined);
      const context = await app.getContext();
      const adToken = await authentication.getAuthToken();
      const response = await fetch("/api/v2/azure-ad/sign-in-with-token", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ adToken, tenantId: context.user?.tenant?.id ?? "", adUserId: context.user?.id ?? "" }),
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; signupPath?: string };
      if (!response.ok) throw new Error(answer.message ?? t("login.teamsFailed"));
      // Writes from this tab record the Teams client they came from (teams_app_{client}).
      const secure = window.location.protocol === "https:";
      const client = String(context.app.host.clientType ?? "web").replace(/[^A-Za-z0-9_-]/g, "");
      document.cookie = `client_source=teams_app_${client}; Path=/; Max-Age=${14 * 86_400}; ${secure ? "SameSite=None; Secure; Partitioned" : "SameSite=Lax"}`;
      if (!cancelled) window.location.replace(answer.signupPath ?? "/");
    })().catch((error: unknown) => {
      if (!cancelled) setState({ kind: "failed", message: error instanceof Error && error.message ? error.message : t("login.teamsFailed") });
    });
    return () => {
      cancelled = true;
    };
  }, [origins, t]);

  if (state.kind === "idle") return null;
  return (
    <div className="mt-5">
      {state.kind === "signing-in" ? (
        <p role="status" className="text-center text-sm text-slate-600">
          {t("login.teamsSigningIn")}
        </p>
      ) : (
        <Alert message={state.message} />
      )}
    </div>
  );
}
