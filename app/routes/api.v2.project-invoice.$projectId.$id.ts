import { deleteInvoice, updateInvoice } from "~/domain/projects/project-records.server";
import { invoiceSchema } from "~/domain/projects/project.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Changes an invoice.",
    body: invoiceSchema,
    entity: "ProjectInvoiceInputErrors",
    run: ({ ctx, params, body }) => updateInvoice(ctx, params.projectId!, params.id!, body),
  }),
  DELETE: endpoint({ summary: "Deletes an invoice.", run: ({ ctx, params }) => deleteInvoice(ctx, params.projectId!, params.id!) }),
});
