import { Link } from "@remix-run/react";
import type { Factors } from "~/domain/identity/second-factor.types";
import { useT } from "~/lib/i18n/i18n";

/** What protects the password sign-in besides the password (decision 0298): the code app and, beside it, passkeys. */
export function TwoStep({ factors }: { factors: Factors }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="font-medium text-slate-900">{t("settings.twoStep.app")}</p>
        <p className="text-sm text-slate-600">
          {factors.totp ? t("settings.twoStep.on", { count: factors.recoveryCodesLeft }) : t("settings.twoStep.off")}
        </p>
      </div>
      <Link
        to="/settings/authenticator"
        className="rounded-md px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
      >
        {factors.totp ? t("settings.twoStep.manage") : t("settings.twoStep.setUp")}
        <span className="sr-only">{t("settings.twoStep.srSuffix")}</span>
      </Link>
    </div>
  );
}
