import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireOperator } from "~/auth/operator.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { domainCtx } from "~/domain/context";
import { operatorCompanyCreateSchema, operatorCompanyUpdateSchema } from "~/domain/operator/operator.schema";
import { createCompanyWithAdmin, operatorCtx, updateCompanyAsOperator } from "~/domain/operator/operator.server";
import { submitForm } from "~/web/page-form.server";
import {
  cancelMoveAsOperator,
  moveIdSchema,
  moveStartSchema,
  startMoveAsOperator,
  stepMoveAsOperator,
} from "~/domain/installation/operator-moves.server";
import { installationDomainsSchema } from "~/domain/identity/sso/sso.schema";
import { replaceInstallationDomains } from "~/domain/identity/sso/installation-domains.server";
import { domainApprovalSchema, setDomainApproval } from "~/domain/identity/sso/domain-approval.server";

/** /operator's action (apart from the page so its schemas, with zod, stay out of the browser build: decision 0292). */
export async function runOperatorAction({ request, context }: ActionFunctionArgs) {
  const actor = await requireOperator(request, context);
  const ctx = operatorCtx(domainCtx(context, actor), context.env);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "createCompany":
      return submitForm(form, operatorCompanyCreateSchema, (input) => createCompanyWithAdmin(ctx, mailerFor(context, request), input));
    case "updateCompany":
      return submitForm(form, operatorCompanyUpdateSchema, (input) => updateCompanyAsOperator(ctx, String(form.get("id") ?? ""), input));
    case "updateInstallationDomains":
      return submitForm(form, installationDomainsSchema, (input) => replaceInstallationDomains(ctx, context.env, input.domains));
    case "approveDomain":
      return submitForm(form, domainApprovalSchema, (input) => setDomainApproval(ctx, input));
    case "startMove":
      return submitForm(form, moveStartSchema, (input) => startMoveAsOperator(ctx, context.env, input));
    case "stepMove":
      return submitForm(form, moveIdSchema, (input) => stepMoveAsOperator(ctx, context.env, input.id));
    case "cancelMove":
      return submitForm(form, moveIdSchema, (input) => cancelMoveAsOperator(ctx, context.env, input.id));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}
