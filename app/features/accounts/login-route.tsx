import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";

/** What GET /api/v2/account/login-route answers (domain/sso/sso.server.ts, LoginRoute). */
export type LoginRouteAnswer = { kind: "firm"; firm: string; url: string } | { kind: "installation"; url: string } | { kind: "password" };

const LOOKS_LIKE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/;

/**
 * Where the typed e-mail signs in, looked up while the person types (debounced): a firm
 * with SSO or another regional installation, or null for the password form.
 */
export function useLoginRoute(email: string): Exclude<LoginRouteAnswer, { kind: "password" }> | null {
  const fetcher = useFetcher<LoginRouteAnswer & { message?: string }>();
  const wanted = email.trim().toLowerCase();
  const complete = LOOKS_LIKE_EMAIL.test(wanted);
  const { load } = fetcher;
  useEffect(() => {
    if (!complete) return;
    const timer = setTimeout(() => load(`/api/v2/account/login-route?email=${encodeURIComponent(wanted)}`), 250);
    return () => clearTimeout(timer);
  }, [wanted, complete, load]);
  const answer = fetcher.data;
  if (!complete || !answer || answer.kind === "password" || !("url" in answer)) return null;
  // An answer for an address the person has since changed is not shown.
  const forEmail = new URL(answer.url, "http://app.invalid").searchParams.get("email");
  return forEmail === wanted ? answer : null;
}

export function LoginThrough({ route }: { route: Exclude<LoginRouteAnswer, { kind: "password" }> }) {
  const label = route.kind === "firm" ? route.firm : new URL(route.url).host;
  return (
    <div className="space-y-2">
      <a
        href={route.url}
        className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
      >
        Login through {label}
      </a>
      <p className="text-center text-xs text-slate-600">
        {route.kind === "firm" ? "Your firm signs you in with single sign-on." : "Your firm uses another regional installation."}
      </p>
    </div>
  );
}
