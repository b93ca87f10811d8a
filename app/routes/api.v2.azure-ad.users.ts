import { canSearchDirectory } from "~/auth/permissions";
import { directorySearchSchema } from "~/domain/identity/directory/directory.schema";
import { searchDirectory } from "~/domain/identity/directory/directory-users.server";
import { requireEntra } from "~/domain/identity/directory/tenant.server";
import { entraConfig } from "~/integrations/entra/config";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary:
      "People of the company's Microsoft directory matching ?search= (id, displayName, mail; selectable false with a reason when they have no e-mail or are already users).",
    can: canSearchDirectory,
    query: directorySearchSchema,
    entity: "AzureAdInputErrors",
    run: ({ context, ctx, query }) => searchDirectory(ctx, requireEntra(entraConfig(context.env)), query.search),
  }),
});
