import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { useNonce } from "~/components/nonce";
import { DEFAULT_LOCALE, LocaleProvider } from "~/lib/format";
import { catalogScript, localeFor } from "~/lib/i18n/catalogs.server";
import { languageOfRequest } from "~/web/reader.server";
import { TranslationProvider } from "~/lib/i18n/i18n";
import styles from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Availability" }];

/**
 * The reader's language and its catalog (decision 0306): their choice on /settings, else their
 * browser's, else their firm's. And the locale for dates and numbers (decision 0171) to match.
 * The signed-in person is the same lookup the app shell makes (one per request).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const acceptLanguage = request.headers.get("Accept-Language");
  const language = await languageOfRequest(request, context);
  return json({ locale: localeFor(language, acceptLanguage), language, catalog: catalogScript(language).path });
}

/** Only a change of language would change the answer, and a change of language reloads the page. */
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? DEFAULT_LOCALE;
  return (
    <html lang={locale} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The catalog first: a classic script runs before the app's modules hydrate (decision 0307). */}
        {data?.catalog ? <script nonce={nonce} src={data.catalog} suppressHydrationWarning /> : null}
        <Meta />
        <Links />
      </head>
      <body className="h-full font-sans">
        <TranslationProvider>
          <LocaleProvider value={locale}>{children}</LocaleProvider>
        </TranslationProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
