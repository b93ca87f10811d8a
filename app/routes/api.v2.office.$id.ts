import { isManager } from "~/auth/permissions";
import { deleteOffice, listUserOffices, renameOffice } from "~/domain/company/catalog.server";
import { officeRenameSchema } from "~/domain/company/catalog.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

/** GET /office/{userId}: the person's offices. PUT (rename) and DELETE /office/{id}. */
export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The offices of the person whose id is given.", run: ({ params, ctx }) => listUserOffices(ctx, params.id!) }),
  PUT: endpoint({
    summary: "Renames an office and, when `timeZone` is given, sets its IANA time zone (null: the company's).",
    can: isManager,
    body: officeRenameSchema,
    run: ({ params, ctx, body }) => renameOffice(ctx, params.id!, body),
  }),
  DELETE: endpoint({ summary: "Deletes an office.", can: isManager, run: ({ params, ctx }) => deleteOffice(ctx, params.id!) }),
});
