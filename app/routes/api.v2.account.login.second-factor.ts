import { secondFactorLoginSchema } from "~/domain/identity/second-factor.schema";
import { apiFinishWithCode } from "~/domain/identity/second-factor-sign-in.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "Finishes a sign-in that answered `second_factor_required`: the challenge and a code from the app (or a recovery code) answer a bearer token.",
    auth: "public",
    body: secondFactorLoginSchema,
    entity: "SecondFactorInputErrors",
    run: ({ request, context, body }) => apiFinishWithCode(context, request, body),
  }),
});
