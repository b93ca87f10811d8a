import { z } from "zod";
import { canAdministerCompany } from "~/auth/permissions";
import { issueScimToken, listScimTokens, SCIM_TOKEN_ENTITY } from "~/domain/identity/scim/scim.server";
import { clientIp } from "~/domain/identity/login.server";
import { currentPasswordField, requiredText } from "~/domain/schema-kit";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The company's SCIM tokens (name, created, last used, revoked), never their secrets. Company admins only.",
    can: canAdministerCompany,
    run: ({ ctx }) => listScimTokens(ctx),
  }),
  POST: endpoint({
    summary:
      "Issues a SCIM bearer token {name} for the firm's directory (/scim/v2); the secret is in this answer only. Company admins only, with currentPassword (their own) unless they signed in within the last 10 minutes; every company admin is told.",
    can: canAdministerCompany,
    body: z.object({ name: requiredText(100), currentPassword: currentPasswordField }),
    entity: SCIM_TOKEN_ENTITY,
    status: 201,
    run: ({ request, context, ctx, body }) => issueScimToken(ctx, context.env, body, clientIp(request)),
  }),
});
