import { canAdministerCompany } from "~/auth/permissions";
import { importCvNow } from "~/domain/company/cv-import.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Imports from the CV service now; a failure is recorded in the answer's lastError and changes no CV data.",
    can: canAdministerCompany,
    run: ({ ctx, context }) => importCvNow(ctx, context.env),
  }),
});
