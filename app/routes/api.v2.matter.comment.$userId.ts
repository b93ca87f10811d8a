import { listMatterComments } from "~/domain/matters/comments.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "One person's matter comments: one's own, or anyone's for those who see the detailed view.",
    run: ({ ctx, params }) => listMatterComments(ctx, params.userId!),
  }),
});
