import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { mustSetUpSecondFactor, requireUser } from "~/auth/session.server";
import { landingPath } from "~/domain/identity/login.server";
import { stepUpState } from "~/domain/identity/reauth.server";
import { AuthCard } from "~/features/identity/auth-card";
import { Passkeys } from "~/features/identity/passkeys-section";
import { timeZoneFor } from "~/domain/today";
import { ReaderZoneProvider, useMoments } from "~/lib/format";
import { safeRedirect } from "~/lib/safe-redirect";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "login.twoStepSetup.pageTitle") }];

/**
 * The company requires a second factor of people on password sign-in (decision 0298): after
 * the password, a person without one lands here. During the grace period 'Not now' goes on;
 * after it, every page sends them here until they have one (auth/session.server.ts). A person
 * with a factor, or with no rule to follow, goes straight on.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  const url = new URL(request.url);
  const to = safeRedirect(url.searchParams.get("redirectTo"), landingPath(actor.user, context.env));
  if (!actor.secondFactorSetup) throw redirect(to);
  const now = new Date();
  return json(
    {
      companyName: actor.company.name,
      deadline: actor.secondFactorSetup.deadline.toISOString(),
      required: mustSetUpSecondFactor(actor, now),
      redirectTo: to,
      authenticatorPath: `/settings/authenticator`,
      stepUp: stepUpState(actor, now),
      /** The deadline in the person's zone, as the app's pages show moments (this page is outside their frame). */
      timeZone: timeZoneFor(actor),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function TwoStepSetupPage() {
  const { timeZone } = useLoaderData<typeof loader>();
  return (
    <ReaderZoneProvider value={timeZone}>
      <TwoStepSetup />
    </ReaderZoneProvider>
  );
}

function TwoStepSetup() {
  const { companyName, deadline, required, redirectTo, authenticatorPath, stepUp } = useLoaderData<typeof loader>();
  const { moment } = useMoments();
  const t = useT();
  return (
    <AuthCard title={t("login.twoStepSetup.title")} subtitle={t("login.twoStepSetup.subtitle", { company: companyName })} wide>
      <div className="space-y-6">
        <p className="text-sm text-slate-700">
          {required ? t("login.twoStepSetup.required") : t("login.twoStepSetup.until", { deadline: moment(deadline) })}
        </p>
        <section aria-labelledby="setup-authenticator" className="space-y-2">
          <h2 id="setup-authenticator" className="font-semibold text-slate-900">
            {t("settings.twoStep.app")}
          </h2>
          <p className="text-sm text-slate-600">{t("login.twoStepSetup.appText")}</p>
          <Link
            to={authenticatorPath}
            className="inline-flex rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            {t("authenticator.setUp")}
          </Link>
        </section>
        <section aria-labelledby="setup-passkey" className="space-y-2">
          <h2 id="setup-passkey" className="font-semibold text-slate-900">
            {t("login.twoStepSetup.passkey")}
          </h2>
          <Passkeys passkeys={[]} stepUp={stepUp} />
        </section>
        {required ? null : (
          <Link to={redirectTo} className="inline-flex text-sm font-medium text-brand-700 hover:underline">
            {t("login.twoStepSetup.notNow")}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
