import { listMatterComments, setMatterComment } from "~/domain/matters/comments.server";
import { matterCommentSchema } from "~/domain/matters/matters.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The caller's own matter comments (number, comment).", run: ({ ctx }) => listMatterComments(ctx, ctx.actor.user.id) }),
  PUT: endpoint({
    summary: "Sets the caller's comment on one of the company's matters by number; an empty comment removes it.",
    body: matterCommentSchema,
    entity: "MatterCommentInputErrors",
    run: ({ ctx, body }) => setMatterComment(ctx, body),
  }),
});
