import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { DomainError } from "~/domain/errors";
import { claimExportFile } from "~/domain/privacy/data-export.server";

/**
 * A file of "Download my data" (decision 0300): the signed link, by its owner, once. A used,
 * expired or unknown link answers a short page saying which, with the way back to Settings.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  const signature = new URL(request.url).searchParams.get("sig") ?? "";
  try {
    return await claimExportFile(domainCtx(context, actor), context.env, context.env.FILES, params.id ?? "", params.format ?? "", signature);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refusal(error.status, error.message);
  }
}

function refusal(status: number, message: string) {
  const text = message.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Download my data</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#0f172a"><main><h1 style="font-size:1.25rem">Download my data</h1><p role="alert">${text}</p><p><a href="/settings">Back to Settings</a></p></main></body></html>`;
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
