import { canAdministerCompany } from "~/auth/permissions";
import { cvServiceSettingsSchema } from "~/domain/company/cv-service.schema";
import { getCvServiceStatus, removeCvService, saveCvService } from "~/domain/company/cv-import.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The company's CV service connection and how its import stands (the key is never sent).",
    can: canAdministerCompany,
    run: ({ ctx }) => getCvServiceStatus(ctx),
  }),
  PUT: endpoint({
    summary: "Connects the CV service (URL and API key; the key is kept sealed, an empty key keeps the stored one).",
    can: canAdministerCompany,
    body: cvServiceSettingsSchema,
    entity: "CvServiceInputErrors",
    run: ({ ctx, context, body }) => saveCvService(ctx, context.env, body),
  }),
  DELETE: endpoint({
    summary: "Disconnects the CV service; imported items stay.",
    can: canAdministerCompany,
    run: ({ ctx }) => removeCvService(ctx),
  }),
});
