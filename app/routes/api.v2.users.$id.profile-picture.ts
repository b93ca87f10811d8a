import { ValidationError } from "~/domain/errors";
import { requirePictureTarget, saveProfilePicture } from "~/domain/users/profile-picture.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Sets the person's profile picture: one's own, or an administrator's for their people.",
    rawBody: { contentType: "multipart/form-data", description: "The picture (PNG, JPEG, GIF or WebP, at most 2 MB) in the field `image`." },
    // Whose picture it is is checked before the upload is read (the Worker entry caps its size).
    authorize: ({ params, ctx }) => requirePictureTarget(ctx, params.id!),
    run: async ({ request, params, context, ctx }) => {
      let form: FormData;
      try {
        form = await request.formData();
      } catch {
        throw new ValidationError("ProfilePictureInputErrors", { image: "Send the picture as multipart/form-data in the field image." });
      }
      return saveProfilePicture(ctx, context.env.FILES, params.id!, form.get("image"));
    },
  }),
});
