import { canAdministerCompany } from "~/auth/permissions";
import { cvServiceSettingsSchema } from "~/domain/company/cv-service.schema";
import { getCvServiceStatus, removeCvService, saveCvService } from "~/domain/company/cv-import.server";
import { clientIp } from "~/domain/identity/login.server";
import { stepUpOnly } from "~/domain/schema-kit";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The company's CV service connection and how its import stands (the key is never sent).",
    can: canAdministerCompany,
    run: ({ ctx }) => getCvServiceStatus(ctx),
  }),
  PUT: endpoint({
    summary:
      "Connects the CV service (URL and API key; the key is kept sealed, an empty key keeps the stored one). Needs currentPassword, the caller's own, unless they signed in within the last 10 minutes; every company admin is told.",
    can: canAdministerCompany,
    body: cvServiceSettingsSchema,
    entity: "CvServiceInputErrors",
    run: ({ request, ctx, context, body }) => saveCvService(ctx, context.env, body, clientIp(request)),
  }),
  DELETE: endpoint({
    summary:
      "Disconnects the CV service; imported items stay. Needs {currentPassword}, the caller's own, unless they signed in within the last 10 minutes.",
    can: canAdministerCompany,
    body: stepUpOnly,
    entity: "CvServiceInputErrors",
    run: ({ request, ctx, context, body }) => removeCvService(ctx, context.env, body, clientIp(request)),
  }),
});
