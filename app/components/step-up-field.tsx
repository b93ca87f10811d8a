import { createContext, useContext, useState } from "react";
import { Field } from "~/components/field";
import { STEP_UP_MINUTES, type StepUp } from "~/domain/identity/step-up";
import { useT } from "~/lib/i18n/i18n";

const StepUpContext = createContext<StepUp | null>(null);

/** The company page's step-up state, for every settings dialog under it. */
export const StepUpProvider = StepUpContext.Provider;

/**
 * Whether a dialog opened now must ask for the password: the window (decision 0276) has
 * closed by the browser's clock, or the server said so (`errors`).
 */
export function useStepUpAsks(errors?: string[] | null): boolean {
  const stepUp = useContext(StepUpContext);
  // The time the dialog opened: the window does not close under the person's typing.
  const [openedAt] = useState(() => Date.now());
  if (!stepUp) return false;
  return Boolean(errors?.length) || stepUp.until === null || Date.parse(stepUp.until) <= openedAt;
}

/**
 * The step-up inside a settings dialog's form: nothing within the window after a sign-in;
 * otherwise the person's password (`currentPassword`), or, for people who sign in through
 * SSO or Microsoft, the way to sign in again (they come back to the company page).
 */
export function StepUpField({ id, errors }: { id: string; errors?: string[] | null }) {
  const t = useT();
  const stepUp = useContext(StepUpContext);
  const asks = useStepUpAsks(errors);
  if (!stepUp || !asks) return null;
  if (!stepUp.byPassword) {
    return (
      <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
        <p>{t("stepUp.signInNeeded", { minutes: STEP_UP_MINUTES })}</p>
        <a href="/account/confirm?redirectTo=%2Fgroups" className="mt-1 inline-flex font-medium text-brand-700 underline">
          {t("stepUp.signInAgain")}
        </a>
      </div>
    );
  }
  return (
    <Field id={id} name="currentPassword" type="password" label={t("stepUp.password")} autoComplete="current-password" errors={errors ?? undefined} />
  );
}
