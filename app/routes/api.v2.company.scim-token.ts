import { z } from "zod";
import { canAdministerCompany } from "~/auth/permissions";
import { issueScimToken, listScimTokens } from "~/domain/identity/scim/scim.server";
import { requiredText } from "~/domain/schema-kit";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The company's SCIM tokens (name, created, last used, revoked), never their secrets. Company admins only.",
    can: canAdministerCompany,
    run: ({ ctx }) => listScimTokens(ctx),
  }),
  POST: endpoint({
    summary: "Issues a SCIM bearer token {name} for the firm's directory (/scim/v2); the secret is in this answer only. Company admins only.",
    can: canAdministerCompany,
    body: z.object({ name: requiredText(100) }),
    status: 201,
    run: ({ ctx, body }) => issueScimToken(ctx, body.name),
  }),
});
