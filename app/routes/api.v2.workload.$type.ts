import { workloadCreateSchema, workloadTypeSchema } from "~/domain/workload/workload.schema";
import { setWorkload } from "~/domain/workload/workload.server";
import { validate } from "~/domain/validation";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Sets the caller's current or future workload (type: current | future).",
    body: workloadCreateSchema,
    entity: "WorkloadInputErrors",
    status: 201,
    run: ({ params, ctx, body }) => setWorkload(ctx, validate(workloadTypeSchema, params.type), body),
  }),
});
