import { useEffect, useState } from "react";
import { FirmLogo } from "~/components/firm-logo";
import { useT } from "~/lib/i18n/i18n";

/** What GET /api/v2/account/login-route answers (domain/sso/sso.server.ts, LoginRoute). */
export type LoginRouteAnswer =
  { kind: "firm"; firm: string; icon: string | null; url: string } | { kind: "installation"; url: string } | { kind: "password" };

const LOOKS_LIKE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/;

/**
 * Where the typed e-mail signs in, looked up while the person types (debounced): a firm
 * with SSO or another regional installation, or null for the password form.
 */
export function useLoginRoute(email: string): Exclude<LoginRouteAnswer, { kind: "password" }> | null {
  // A plain fetch, not a Remix fetcher: the sign-in form's own submission must not
  // revalidate (or fail with) this lookup.
  const [answer, setAnswer] = useState<{ email: string; route: LoginRouteAnswer } | null>(null);
  const wanted = email.trim().toLowerCase();
  const complete = LOOKS_LIKE_EMAIL.test(wanted);
  useEffect(() => {
    if (!complete) return;
    let current = true;
    const timer = setTimeout(() => {
      fetch(`/api/v2/account/login-route?email=${encodeURIComponent(wanted)}`, { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<LoginRouteAnswer>) : null))
        .then((route) => {
          if (current && route) setAnswer({ email: wanted, route });
        })
        .catch(() => undefined);
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, complete]);
  // An answer for an address the person has since changed is not shown.
  if (!complete || !answer || answer.email !== wanted || answer.route.kind === "password") return null;
  return answer.route;
}

export function LoginThrough({ route }: { route: Exclude<LoginRouteAnswer, { kind: "password" }> }) {
  const t = useT();
  const label = route.kind === "firm" ? route.firm : new URL(route.url).host;
  return (
    <div className="space-y-2">
      <a
        href={route.url}
        className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
      >
        {route.kind === "firm" && route.icon ? <FirmLogo icon={route.icon} className="mr-2 h-5 w-5 rounded-sm bg-white" /> : null}
        {t("login.through", { name: label })}
      </a>
      <p className="text-center text-xs text-slate-600">{route.kind === "firm" ? t("login.throughFirm") : t("login.throughInstallation")}</p>
    </div>
  );
}
