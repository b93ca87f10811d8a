import { requireMatterManagers, setMatterManager } from "~/domain/matters/comments.server";
import { matterManagerSchema } from "~/domain/matters/matters.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary:
      "The PM toggle: marks (value true) or unmarks a person as manager of a matter. Needs enableMatterPM; one's own, or anyone's for those who see the detailed view.",
    authorize: async ({ ctx }) => requireMatterManagers(ctx),
    body: matterManagerSchema,
    entity: "MatterManagerInputErrors",
    run: ({ ctx, body }) => setMatterManager(ctx, body),
  }),
});
