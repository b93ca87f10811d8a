import { json, type LinksFunction, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/cloudflare";
import dayPickerStyles from "react-day-picker/style.css";
import { Form, NavLink as RemixNavLink, Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import clsx from "clsx";
import { navigationLinks } from "~/auth/permissions";
import { requireUser } from "~/auth/session.server";
import { isOperator } from "~/auth/operator.server";
import { Avatar } from "~/components/avatar";
import { FirmLogo } from "~/components/firm-logo";
import { firmIconUrl } from "~/domain/company/firm-icon";
import { FLASH_TEXT, FlashMessage, flashKeyOf } from "~/components/flash-message";
import { ToastProvider } from "~/components/toast";
import { timeZoneFor } from "~/domain/today";
import { ReaderZoneProvider } from "~/lib/format";
import { profilePictureUrl } from "~/lib/profile-picture";
import { NavIcon } from "~/features/shell/nav-icon";
import { useCompanyRoom } from "~/realtime/use-company-room";
import { useForegroundRefresh } from "~/realtime/use-foreground-refresh";
import { tellWrapperSignedOut, useWrapperToken } from "~/features/shell/use-wrapper-token";
import { sessionTag } from "~/lib/wrapper-token";
import { useT } from "~/lib/i18n/i18n";

/** The calendar's styles: the dashboard's editors and every date field (components/date-field.tsx) use it. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: dayPickerStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  const { user, company } = actor;
  return json({
    me: { name: user.name || user.email, email: user.email, picture: profilePictureUrl(user.profilePicture) },
    companyId: company.id,
    companyName: company.name,
    companyIcon: firmIconUrl(company.settings.icon),
    links: navigationLinks(user, { ...company.settings, operatorConsole: isOperator(context.env, user) }),
    /** The zone every moment on the app's pages is written in (issue 27, item 20). */
    timeZone: timeZoneFor(actor),
    /** Which session this is, for the iOS wrapper's token (useWrapperToken); not the id itself. */
    sessionTag: await sessionTag(actor.sessionId),
  });
}

type ShellData = SerializeFrom<typeof loader>;

export default function AppShell() {
  return (
    <Shell data={useLoaderData<typeof loader>()}>
      <Outlet />
    </Shell>
  );
}

/** An error inside the app (a 404 for a foreign id, a failed loader) keeps the navigation around it. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  if (!data) return <GeneralErrorBoundary />;
  return (
    <Shell data={data}>
      <GeneralErrorBoundary />
    </Shell>
  );
}

function Shell({ data, children }: { data: ShellData; children: ReactNode }) {
  useCompanyRoom(data.companyId);
  useForegroundRefresh();
  useWrapperToken(data.sessionTag);
  const flash = flashKeyOf(useLocation().search);
  const t = useT();
  return (
    <ReaderZoneProvider value={data.timeZone}>
      <ToastProvider initial={flash ? t(FLASH_TEXT[flash]) : undefined}>
        <ShellLayout data={data}>{children}</ShellLayout>
      </ToastProvider>
    </ReaderZoneProvider>
  );
}

function ShellLayout({ data, children }: { data: ShellData; children: ReactNode }) {
  const { me, companyName, companyIcon, links } = data;
  const t = useT();
  return (
    <div className="min-h-full nav:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("shell.skipToContent")}
      </a>
      {/* Side bar above 467 px */}
      <aside className="hidden w-60 shrink-0 flex-col border-r border-slate-200 bg-white nav:flex nav:sticky nav:top-0 nav:h-screen">
        <div className="flex items-center gap-2 px-5 py-5">
          <FirmLogo icon={companyIcon} className="h-8 w-8" />
          <span className="truncate font-semibold text-brand-900" title={companyName}>
            {companyName}
          </span>
        </div>
        <nav aria-label={t("shell.mainNavigation")} className="flex-1 space-y-1 px-3">
          {links.map((link) => (
            <RemixNavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                clsx(
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
                  isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
                  link.wideOnly && "hidden stats:flex",
                )
              }
            >
              <NavIcon name={link.icon} />
              {t(`nav.${link.icon}`)}
            </RemixNavLink>
          ))}
        </nav>
        <div className="border-t border-slate-200 px-3 py-4">
          <div className="flex items-center gap-3 px-2 pb-3">
            <Avatar name={me.name} src={me.picture} size="sm" />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{me.name}</p>
              <p className="truncate text-xs text-slate-500">{me.email}</p>
            </div>
          </div>
          <LogoutButton className="w-full" />
        </div>
      </aside>

      {/* Top bar at 467 px and below */}
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white nav:hidden">
        <div className="flex items-center justify-between px-3 py-2">
          <FirmLogo icon={companyIcon} alt={companyName} className="h-7 w-7" />
          <nav aria-label={t("shell.mainNavigation")} className="flex items-center gap-1">
            {links
              .filter((link) => !link.wideOnly)
              .map((link) => (
                <RemixNavLink
                  key={link.to}
                  to={link.to}
                  aria-label={t(`nav.${link.icon}`)}
                  title={t(`nav.${link.icon}`)}
                  className={({ isActive }) => clsx("rounded-md p-2", isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100")}
                >
                  <NavIcon name={link.icon} />
                </RemixNavLink>
              ))}
            <LogoutButton compact />
          </nav>
        </div>
      </header>

      <FlashMessage />
      <main id="main" className="min-w-0 flex-1">
        {children}
      </main>
    </div>
  );
}

function LogoutButton({ compact, className }: { compact?: boolean; className?: string }) {
  const t = useT();
  return (
    <Form method="post" action="/logout" className={className} onSubmit={tellWrapperSignedOut}>
      <button
        type="submit"
        aria-label={t("shell.logout")}
        title={t("shell.logout")}
        className={clsx(
          "flex items-center gap-3 rounded-md text-sm font-medium text-slate-700 hover:bg-slate-100",
          compact ? "p-2" : "w-full px-3 py-2",
        )}
      >
        <NavIcon name="logout" />
        {compact ? null : t("shell.logout")}
      </button>
    </Form>
  );
}
