import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { Field } from "~/components/field";
import { domainCtx } from "~/domain/context";
import { clientIp } from "~/domain/identity/login.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { stepUpState } from "~/domain/identity/reauth.server";
import { stepUpOnlySchema, totpConfirmSchema } from "~/domain/identity/second-factor.schema";
import {
  confirmTotpSetup,
  factorsOf,
  pendingTotpSetup,
  removeTotp,
  renewRecoveryCodes,
  startTotpSetup,
} from "~/domain/identity/second-factor.server";
import { StepUpField, StepUpProvider } from "~/components/step-up-field";
import type { IntentResult } from "~/lib/page-form.types";
import { submitIntent } from "~/web/page-form.server";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "authenticator.pageTitle") }];

/**
 * Setting up the one-time-code app (decision 0298): 'Set up' makes a sealed secret and comes
 * back here to show it; a code from the app (and the step-up) confirms it and answers the
 * ten recovery codes, shown this once. Once on: new recovery codes, or turning it off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  const ctx = domainCtx(context, actor);
  if (actor.user.passwordHash === null) throw redirect("/settings");
  const issuer = mailerFor(context, request).appName;
  const [factors, pending] = await Promise.all([factorsOf(ctx.db, actor.user), pendingTotpSetup(ctx, context.env, issuer)]);
  return json({ factors, pending: factors.totp ? null : pending, stepUp: stepUpState(actor, ctx.now) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  const ctx = domainCtx(context, actor);
  const form = await request.formData();
  const stepUp = { env: context.env, ip: clientIp(request) };
  switch (form.get("intent")) {
    case "start":
      await startTotpSetup(ctx, context.env, mailerFor(context, request).appName);
      return redirect("/settings/authenticator");
    case "confirm":
      return submitIntent(form, totpConfirmSchema, (input) => confirmTotpSetup(ctx, stepUp, input));
    case "renew":
      return submitIntent(form, stepUpOnlySchema, (input) => renewRecoveryCodes(ctx, stepUp, input.currentPassword));
    case "remove":
      return submitIntent(form, stepUpOnlySchema, (input) => removeTotp(ctx, stepUp, input.currentPassword));
  }
  return json({ ok: false, message: "Unknown action." }, { status: 400 });
}

type Answer = IntentResult & { recoveryCodes?: string[] };

export default function AuthenticatorPage() {
  const { factors, pending, stepUp } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const t = useT();
  const errors = answer && !answer.ok ? answer.errors : undefined;
  return (
    <StepUpProvider value={stepUp}>
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:px-6">
        <p>
          <Link to="/settings" className="text-sm font-medium text-brand-700 hover:underline">
            {t("authenticator.backToSettings")}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold text-slate-900">{t("settings.twoStep.app")}</h1>
        <section className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          {answer?.ok && answer.recoveryCodes ? (
            <RecoveryCodes codes={answer.recoveryCodes} />
          ) : factors.totp ? (
            <>
              <p className="text-slate-700">
                {t("authenticator.onIntro")} {t("authenticator.codesLeft.before")} <strong>{factors.recoveryCodesLeft}</strong>{" "}
                {t("authenticator.codesLeft.after", { count: factors.recoveryCodesLeft })}
              </p>
              <Alert tone="success" message={answer?.ok && typeof answer.message === "string" ? answer.message : undefined} />
              <Alert message={answer && !answer.ok && !errors?.currentPassword ? answer.message : undefined} />
              <Form method="post" className="space-y-4">
                <StepUpField id="authenticator-password" errors={errors?.currentPassword ? [errors.currentPassword] : null} />
                <div className="flex flex-wrap gap-3">
                  <Button type="submit" name="intent" value="renew" variant="secondary" disabled={busy}>
                    {t("authenticator.newCodes")}
                  </Button>
                  <Button type="submit" name="intent" value="remove" variant="danger" disabled={busy}>
                    {t("authenticator.turnOff")}
                  </Button>
                </div>
              </Form>
            </>
          ) : pending ? (
            <Form method="post" className="space-y-4">
              <ol className="list-decimal space-y-2 pl-5 text-slate-700">
                <li>{t("authenticator.step1")}</li>
                <li>
                  {t("authenticator.step2.before")}{" "}
                  <code className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900">{pending.secret}</code>{" "}
                  {t("authenticator.step2.middle")}{" "}
                  <a href={pending.uri} className="font-medium text-brand-700 underline">
                    {t("authenticator.step2.link")}
                  </a>
                  .
                </li>
                <li>{t("authenticator.step3")}</li>
              </ol>
              <input type="hidden" name="intent" value="confirm" />
              <Field
                id="authenticator-code"
                name="code"
                label={t("authenticator.code")}
                autoComplete="one-time-code"
                inputMode="numeric"
                errors={errors?.code ? [errors.code] : undefined}
              />
              <StepUpField id="authenticator-password" errors={errors?.currentPassword ? [errors.currentPassword] : null} />
              <Alert message={answer && !answer.ok && !errors ? answer.message : undefined} />
              <Button type="submit" disabled={busy}>
                {t("authenticator.turnOn")}
              </Button>
            </Form>
          ) : (
            <Form method="post" className="space-y-4">
              <p className="text-slate-700">{t("authenticator.offText")}</p>
              <Button type="submit" name="intent" value="start" disabled={busy}>
                {t("authenticator.setUp")}
              </Button>
            </Form>
          )}
        </section>
      </div>
    </StepUpProvider>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT();
  return (
    <div className="space-y-4">
      <p role="status" className="font-medium text-green-800">
        {t("authenticator.isOn")}
      </p>
      <h2 className="text-lg font-semibold text-slate-900">{t("authenticator.codesTitle")}</h2>
      <p className="text-slate-700">{t("authenticator.codesText")}</p>
      {/* Two whole codes a row, five rows, at every width: five columns broke each code at its dash at 1280 px. */}
      <ul aria-label={t("authenticator.codesList")} className="grid max-w-md grid-cols-2 gap-2 font-mono text-slate-900">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center whitespace-nowrap">
            {code}
          </li>
        ))}
      </ul>
      <Link to="/settings" className="inline-flex font-medium text-brand-700 hover:underline">
        {t("authenticator.done")}
      </Link>
    </div>
  );
}
