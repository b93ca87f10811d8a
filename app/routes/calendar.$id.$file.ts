import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { renderFeed } from "~/domain/calendar/calendar-feed.server";
import { bareId, contextOfCarried } from "~/domain/installation/pre-sign-in.server";

/**
 * A person's secret calendar feed (decision 0177): no session, the address is the key.
 * A wrong, forged or replaced address answers 404 and says nothing of whose it was.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const signature = file.endsWith(".ics") ? file.slice(0, -4) : "";
  const id = params.id ?? "";
  const text = signature ? await renderFeed(await contextOfCarried(context, "feed", id), bareId(id), signature) : null;
  if (text === null)
    return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="availability.ics"',
      "Cache-Control": "private, no-cache",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    },
  });
}
