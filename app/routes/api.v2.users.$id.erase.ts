import { canEraseUser } from "~/auth/permissions";
import { clientIp } from "~/domain/identity/login.server";
import { eraseApiSchema } from "~/domain/privacy/erasure.schema";
import { ERASE_ENTITY, eraseUser, requireErasable } from "~/domain/privacy/erasure.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "Erases a person who left {confirm: true, currentPassword?}: name, e-mail, picture, comments and every way to sign in go; history stays as anonymous numbers. Company admins only, behind the step-up; 409 when already erased (decision 0300).",
    can: canEraseUser,
    authorize: ({ params, ctx }) => requireErasable(ctx, params.id!),
    body: eraseApiSchema,
    entity: ERASE_ENTITY,
    run: ({ request, context, params, ctx, body }) =>
      eraseUser(ctx, params.id!, { env: context.env, ip: clientIp(request) }, body.currentPassword, context.env.FILES),
  }),
});
