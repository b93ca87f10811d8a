import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PICTURE_PREFIX } from "~/domain/users/profile-picture.server";
import { isPictureFile } from "~/lib/profile-picture";

/**
 * GET /api/profilePicture/{file}: pictures of the internal store (names: isPictureFile). Names
 * are random or content hashes, never reused, so they are cached for a year; an unknown name is 404.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  if (!isPictureFile(file)) return new Response("Not found", { status: 404 });
  const object = await context.env.FILES.get(`${PICTURE_PREFIX}${file}`, { onlyIf: request.headers });
  if (!object) return new Response("Not found", { status: 404 });
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("Content-Type", object.httpMetadata?.contentType ?? (file.endsWith(".png") ? "image/png" : "image/jpeg"));
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  headers.set("ETag", object.httpEtag);
  headers.set("X-Content-Type-Options", "nosniff");
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}
