import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { contentSecurityPolicy, createNonce } from "~/lib/request-guard";
import { isLocalEnv } from "~/env";

/** In development the local Microsoft provider plays the Teams host and may frame the app. */
function devFrameAncestors(context: AppLoadContext): string[] {
  const authority = context.env?.ENTRA_AUTHORITY;
  return context.env && isLocalEnv(context.env) && authority && URL.canParse(authority) ? [new URL(authority).origin] : [];
}

const ABORT_DELAY = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );

  body.allReady.then(() => clearTimeout(timeoutId));
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html");
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  responseHeaders.set("Referrer-Policy", "same-origin");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, devFrameAncestors(loadContext)));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
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
