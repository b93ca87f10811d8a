import { canAdministerCompany } from "~/auth/permissions";
import { matterConfidentialSchema, setMatterConfidential } from "~/domain/matters/elite-config.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary:
      "Flags a matter confidential (value true) or lifts the company admin's flag; its name and client then show only to admins and people who recorded time on it. Company admins only.",
    can: canAdministerCompany,
    body: matterConfidentialSchema,
    entity: "MatterConfidentialInputErrors",
    run: ({ ctx, body }) => setMatterConfidential(ctx, body),
  }),
});
