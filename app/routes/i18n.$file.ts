import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { catalogScript, isLanguage } from "~/lib/i18n/catalogs.server";

/**
 * GET /i18n/<language>.<version>.js: the compiled catalog of a language as a script the page
 * loads before hydration (decision 0307). The address changes with the content, so a browser
 * keeps it for good; an old version's address answers today's catalog, briefly cached.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const match = /^([a-z]{2,3})\.([0-9a-f]{8})\.js$/.exec(params.file ?? "");
  if (!match || !isLanguage(match[1])) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const script = catalogScript(match[1]);
  const current = match[2] === script.version;
  return new Response(script.body, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=60",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
