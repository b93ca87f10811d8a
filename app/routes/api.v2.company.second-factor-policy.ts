import { canAdministerCompany } from "~/auth/permissions";
import { clientIp } from "~/domain/identity/login.server";
import { SECOND_FACTOR_POLICY_ENTITY, secondFactorPolicySchema } from "~/domain/identity/second-factor-policy.schema";
import { getSecondFactorPolicy, updateSecondFactorPolicy } from "~/domain/identity/second-factor-policy.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary:
      "The company's two-step sign-in rule for its admins: requireSecondFactor, gracePeriodDays, requiredSince and graceEndsAt (decision 0298).",
    can: canAdministerCompany,
    run: ({ ctx }) => getSecondFactorPolicy(ctx),
  }),
  PUT: endpoint({
    summary:
      "Requires a second factor of everyone on password sign-in {requireSecondFactor, gracePeriodDays (0-90, default 14)}; turning it on starts the grace period. Company admins only, with currentPassword unless they signed in within the last 10 minutes.",
    can: canAdministerCompany,
    body: secondFactorPolicySchema,
    entity: SECOND_FACTOR_POLICY_ENTITY,
    run: ({ request, context, ctx, body }) => updateSecondFactorPolicy(ctx, { env: context.env, ip: clientIp(request) }, body),
  }),
});
