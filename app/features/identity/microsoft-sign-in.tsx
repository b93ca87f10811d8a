import { useEffect } from "react";
import { Alert } from "~/components/alert";
import { useT } from "~/lib/i18n/i18n";

/** What a sign-in answer leaves in the address: gone from the bar and the history once the page has it. */
const SIGN_IN_PARAMS = [
  "code",
  "state",
  "session_state",
  "azureRedirectUri",
  "error",
  "error_description",
  "error_uri",
  "token",
  "handoff",
  "client_info",
];

export function useCleanLoginAddress(more: string[] = []) {
  const names = [...SIGN_IN_PARAMS, ...more].join(",");
  useEffect(() => {
    const params = names.split(",");
    const url = new URL(window.location.href);
    if (!params.some((name) => url.searchParams.has(name))) return;
    params.forEach((name) => url.searchParams.delete(name));
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [names]);
}

function MicrosoftLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 21 21" className="h-4 w-4">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

/** 'Sign in with Microsoft' under the password form, with the message of a failed Microsoft sign-in. */
export function MicrosoftButton({ redirectTo, error }: { redirectTo: string | null; error: string | null }) {
  const t = useT();
  const href = redirectTo ? `/login/microsoft?redirectTo=${encodeURIComponent(redirectTo)}` : "/login/microsoft";
  return (
    <div className="mt-5 space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t("login.or")}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Alert message={error} />
      {/* A document navigation (reloadDocument): the answer is a redirect to Microsoft. */}
      <a
        href={href}
        className="flex w-full items-center justify-center gap-2 rounded-md bg-white px-3 py-2 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <MicrosoftLogo />
        {t("login.microsoft")}
      </a>
    </div>
  );
}
