import { isManager } from "~/auth/permissions";
import { createOffice, listOffices } from "~/domain/company/catalog.server";
import { officeCreationSchema } from "~/domain/company/catalog.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The company's offices.", run: ({ ctx }) => listOffices(ctx) }),
  POST: endpoint({
    summary: "Adds an office in a group of the company.",
    can: isManager,
    body: officeCreationSchema,
    status: 201,
    run: ({ ctx, body }) => createOffice(ctx, body),
  }),
});
