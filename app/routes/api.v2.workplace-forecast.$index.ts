import { validate } from "~/domain/validation";
import { workplaceIndexSchema, workplaceUpdateSchema } from "~/domain/workplace/workplace.schema";
import { setWorkplace } from "~/domain/workplace/workplace.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Sets where the caller works on one day of the default week or the coming days (index).",
    body: workplaceUpdateSchema,
    run: ({ params, ctx, body }) => setWorkplace(ctx, validate(workplaceIndexSchema, params.index), body),
  }),
});
