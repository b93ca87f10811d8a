import type { ReactNode } from "react";
import { FirmLogo } from "~/components/firm-logo";
import { useT } from "~/lib/i18n/i18n";

/** The signed-out pages' frame (sign-in, sign-up, reset): logo, a heading, a white card and what goes under it. */
export function AuthCard({
  title,
  subtitle,
  children,
  wide,
  footer,
  icon,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  footer?: ReactNode;
  /** The firm's icon where the page knows the firm (an invite); else the product's mark. */
  icon?: string | null;
}) {
  const t = useT();
  return (
    <main className="flex min-h-full flex-col justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-12">
      <div className="mx-auto w-full max-w-sm">
        <div className="flex items-center justify-center gap-2">
          <FirmLogo icon={icon} className="h-9 w-9" />
          <span className="text-xl font-semibold text-brand-900">{t("common.appName")}</span>
        </div>
        <h1 className="mt-8 text-center text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-center text-sm text-slate-600">{subtitle}</p> : null}
      </div>
      <div className={`mx-auto mt-8 w-full ${wide ? "max-w-md" : "max-w-sm"} rounded-xl bg-white px-6 py-8 shadow-sm ring-1 ring-slate-200`}>
        {children}
      </div>
      {footer}
    </main>
  );
}

/** The show/hide toggle next to a password field. */
export function ShowPasswordButton({ shown, onToggle, controls }: { shown: boolean; onToggle: () => void; controls: string }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={shown}
      aria-controls={controls}
      className="rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
    >
      {shown ? t("auth.hidePassword") : t("auth.showPassword")}
    </button>
  );
}
