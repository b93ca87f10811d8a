import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { ValidationError } from "~/domain/errors";
import { MAX_PICTURE_BYTES, PayloadTooLargeError, requirePictureTarget, saveProfilePicture } from "~/domain/users/profile-picture.server";
import { apiRoute, methodNotAllowed } from "~/lib/api.server";

/** POST /users/{id}/profile-picture (multipart, field image): the person's own, or an administrator's. */
export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  const ctx = domainCtx(context, actor);
  await requirePictureTarget(ctx, params.id!);
  // Refuse an oversized upload before reading it (room for the multipart framing).
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_PICTURE_BYTES + 64 * 1024) throw new PayloadTooLargeError();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ValidationError("ProfilePictureInputErrors", { image: "Send the picture as multipart/form-data in the field image." });
  }
  return json(await saveProfilePicture(ctx, context.env.FILES, params.id!, form.get("image")));
});
