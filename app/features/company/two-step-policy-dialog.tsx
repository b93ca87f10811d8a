import { useFetcher } from "@remix-run/react";
import { Button } from "~/components/button";
import { DialogActions } from "~/components/dialog";
import { Field } from "~/components/field";
import type { SecondFactorPolicy } from "~/domain/identity/second-factor-policy.schema";
import { MAX_GRACE_DAYS } from "~/domain/identity/second-factor-policy.constants";
import { ConnectionDialog, ConnectionStatus, useWhen } from "./connection-dialog";
import { ConnectionReplyMessage, type ConnectionReply } from "./connection-reply";
import { StepUpField } from "~/components/step-up-field";
import { useT } from "~/lib/i18n/i18n";

/**
 * 'Two-step sign-in' on the company page (company admins, decision 0298): whether everyone on
 * password sign-in must have a second factor, and the grace period in which they may put the
 * set-up off. SSO and Microsoft sign-ins are not affected: their provider does this.
 */
export function TwoStepPolicyButton({ policy }: { policy: SecondFactorPolicy }) {
  const t = useT();
  return (
    <ConnectionDialog label={t("twoStepPolicy.button")} title={t("twoStepPolicy.title")} description={t("twoStepPolicy.description")}>
      {(close) => <TwoStepPolicyForm policy={policy} onClose={close} />}
    </ConnectionDialog>
  );
}

function TwoStepPolicyForm({ policy, onClose }: { policy: SecondFactorPolicy; onClose: () => void }) {
  const t = useT();
  const save = useFetcher<ConnectionReply>();
  const when = useWhen();
  const reply = save.state === "idle" ? save.data : undefined;
  const errors = reply?.status === "error" ? reply.error : null;
  return (
    <div className="space-y-4">
      <ConnectionStatus
        testId="two-step-policy-status"
        rows={[
          {
            term: t("twoStepPolicy.required"),
            value: policy.requireSecondFactor ? t("twoStepPolicy.since", { when: when(policy.requiredSince) }) : t("twoStepPolicy.no"),
          },
          policy.graceEndsAt ? { term: t("twoStepPolicy.graceEnds"), value: when(policy.graceEndsAt) } : null,
        ]}
      />
      <save.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="updateSecondFactorPolicy" />
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="requireSecondFactor"
            defaultChecked={policy.requireSecondFactor}
            className="mt-0.5 h-4 w-4 rounded border-slate-300"
            data-autofocus
          />
          <span>{t("twoStepPolicy.require")}</span>
        </label>
        <Field
          id="two-step-grace-days"
          label={t("twoStepPolicy.graceDays")}
          name="gracePeriodDays"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_GRACE_DAYS}
          step={1}
          defaultValue={policy.gracePeriodDays}
          errors={errors?.gracePeriodDays ?? undefined}
        />
        <p className="text-sm text-slate-600">{t("twoStepPolicy.graceHint")}</p>
        <StepUpField id="two-step-current-password" errors={errors?.currentPassword} />
        <ConnectionReplyMessage reply={reply} errorFields={["", "requireSecondFactor"]} />
        <DialogActions>
          <Button variant="secondary" type="button" onClick={onClose}>
            {t("common.close")}
          </Button>
          <Button type="submit" disabled={save.state !== "idle"}>
            {save.state !== "idle" ? t("common.saving") : t("common.save")}
          </Button>
        </DialogActions>
      </save.Form>
    </div>
  );
}
