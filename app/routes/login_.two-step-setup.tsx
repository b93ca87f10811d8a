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

export const meta: MetaFunction = () => [{ title: "Set up two-step sign-in · Availability" }];

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
  return (
    <AuthCard title="Set up two-step sign-in" subtitle={`${companyName} asks everyone who signs in with a password for a second step.`} wide>
      <div className="space-y-6">
        <p className="text-sm text-slate-700">
          {required
            ? "Set up an authenticator app or a passkey to continue."
            : `You can put this off until ${moment(deadline)}. After that you need it to use the app.`}
        </p>
        <section aria-labelledby="setup-authenticator" className="space-y-2">
          <h2 id="setup-authenticator" className="font-semibold text-slate-900">
            Authenticator app
          </h2>
          <p className="text-sm text-slate-600">A six-digit code from an app on your phone, with ten recovery codes for when the phone is lost.</p>
          <Link
            to={authenticatorPath}
            className="inline-flex rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            Set up authenticator app
          </Link>
        </section>
        <section aria-labelledby="setup-passkey" className="space-y-2">
          <h2 id="setup-passkey" className="font-semibold text-slate-900">
            Passkey
          </h2>
          <Passkeys passkeys={[]} stepUp={stepUp} />
        </section>
        {required ? null : (
          <Link to={redirectTo} className="inline-flex text-sm font-medium text-brand-700 hover:underline">
            Not now
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
