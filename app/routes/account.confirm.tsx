import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { Field } from "~/components/field";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { clientIp } from "~/domain/identity/login.server";
import { requireStepUp, stepUpState } from "~/domain/identity/reauth.server";
import { STEP_UP_MINUTES } from "~/domain/identity/step-up";
import { REQUIRED } from "~/domain/schema-kit";
import { AuthCard } from "~/features/identity/auth-card";
import { safeRedirect } from "~/lib/safe-redirect";
import { submitForm } from "~/web/page-form.server";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "stepUp.pageTitle") }];

const headers = { "Cache-Control": "no-store" };

/**
 * "Confirm it's you" (decision 0276): the step-up before a powerful setting that is reached
 * by a link rather than a dialog (connecting the Microsoft directory). People with a password
 * type it; people who sign in through SSO or Microsoft sign in again. Either way they come
 * back to `redirectTo`. Someone who proved it within the window goes straight on.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  const state = stepUpState(actor, new Date());
  const back = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/settings");
  if (state.until) throw redirect(back);
  return json({ byPassword: state.byPassword, email: actor.user.email }, { headers });
}

const confirmSchema = z.object({ currentPassword: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1000), redirectTo: z.string().optional() });

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  const ctx = domainCtx(context, actor);
  return submitForm(
    await request.formData(),
    confirmSchema,
    async (input) => {
      await requireStepUp(ctx, { env: context.env, ip: clientIp(request) }, input.currentPassword, "StepUpInputErrors");
      return redirect(safeRedirect(input.redirectTo, "/settings"), { headers });
    },
    { hideFields: ["currentPassword"], headers },
  );
}

export default function ConfirmItsYouPage() {
  const { byPassword, email } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const busy = useNavigation().state !== "idle";
  const t = useT();
  const passwordError = (reply && reply.status !== "success" ? reply.error?.currentPassword : undefined) ?? undefined;
  const formError = reply && reply.status !== "success" ? (reply.error?.[""]?.[0] ?? null) : null;
  return (
    <AuthCard title={t("stepUp.title")} subtitle={t("stepUp.subtitle", { minutes: STEP_UP_MINUTES })}>
      {byPassword ? (
        <Form method="post" className="space-y-5">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="email" autoComplete="username" value={email} />
          <Field
            id="currentPassword"
            name="currentPassword"
            type="password"
            label={t("accountConfirm.password")}
            autoComplete="current-password"
            required
            autoFocus
            errors={passwordError}
          />
          <Alert message={formError} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t("stepUp.confirming") : t("stepUp.confirm")}
          </Button>
          <Link to="/groups" className="block text-center text-sm font-medium text-brand-700 hover:underline">
            {t("common.cancel")}
          </Link>
        </Form>
      ) : (
        <Form method="post" action="/logout" className="space-y-5">
          <p className="text-sm text-slate-700">{t("stepUp.organisation")}</p>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Button type="submit" className="w-full" disabled={busy}>
            {t("stepUp.signInAgain")}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
