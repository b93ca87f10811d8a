import { Link } from "@remix-run/react";
import type { Factors } from "~/domain/identity/second-factor.types";

/** What protects the password sign-in besides the password (decision 0298): the code app and, beside it, passkeys. */
export function TwoStep({ factors }: { factors: Factors }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="font-medium text-slate-900">Authenticator app</p>
        <p className="text-sm text-slate-600">
          {factors.totp
            ? `On · ${factors.recoveryCodesLeft} recovery ${factors.recoveryCodesLeft === 1 ? "code" : "codes"} left`
            : "Off: sign-in asks only for your password."}
        </p>
      </div>
      <Link
        to="/settings/authenticator"
        className="rounded-md px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
      >
        {factors.totp ? "Manage" : "Set up"}
        <span className="sr-only"> authenticator app</span>
      </Link>
    </div>
  );
}
