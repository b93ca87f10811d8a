import { createInvoice, listInvoices } from "~/domain/projects/project-records.server";
import { invoiceSchema } from "~/domain/projects/project.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "A project's invoices (companies with projectInvoicing).",
    run: ({ ctx, params }) => listInvoices(ctx, params.projectId!),
  }),
  POST: endpoint({
    summary: "Adds an invoice: date, amount and currency (default USD) required; VAT optional, a percentage 0 to 100.",
    body: invoiceSchema,
    entity: "ProjectInvoiceInputErrors",
    status: 201,
    run: ({ ctx, params, body }) => createInvoice(ctx, params.projectId!, body),
  }),
});
