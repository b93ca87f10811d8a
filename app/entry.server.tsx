import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { contentSecurityPolicy, createNonce } from "~/web/request-guard";
import { isLocalEnv } from "~/env";
import { pageCatalogOf } from "~/lib/i18n/catalogs.server";
import { renderWithCatalog } from "~/lib/i18n/i18n";

/** In development the local Microsoft provider plays the Teams host and may frame the app. */
function devFrameAncestors(context: AppLoadContext): string[] {
  const authority = context.env?.ENTRA_AUTHORITY;
  return context.env && isLocalEnv(context.env) && authority && URL.canParse(authority) ? [new URL(authority).origin] : [];
}

/**
 * The page is rendered to one string and sent whole (decision 0215): no page streams
 * (nothing is deferred, every lazy part renders only once opened in the browser), and
 * React's stream encodes each of a page's thousands of small pieces on its own, which was
 * the larger part of the render's time. A render that throws goes to Remix, which renders
 * the error boundary instead.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  // The page's catalog, in the language the root loader chose (English when it did not run).
  const root = remixContext.staticHandlerContext.loaderData?.root as { language?: string } | undefined;
  const html = renderWithCatalog(pageCatalogOf(root?.language ?? "en"), () =>
    renderToString(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
    ),
  );
  responseHeaders.set("Content-Type", "text/html");
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  responseHeaders.set("Referrer-Policy", "same-origin");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, devFrameAncestors(loadContext)));
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Remix logs every error a request meets. A request the app refuses (a POST to a page
 * without an action, an unknown path) is the client's mistake, not the server's: it is
 * answered with its 4xx and not logged, so a burst of bad requests cannot flood the log.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}
