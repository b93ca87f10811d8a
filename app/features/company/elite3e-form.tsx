import { getFormProps } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { DialogError, FormActions } from "~/components/dialog";
import { Field } from "~/components/field";
import { useDialogForm } from "~/components/use-dialog-form";
import { eliteConfigSchema } from "~/domain/matters/elite-config.schema";
import { useFormat } from "~/lib/format";
import { ConnectionStatus, retryRows, SecretField, useWhen } from "./connection-dialog";
import { StepUpField } from "~/components/step-up-field";
import { useT } from "~/lib/i18n/i18n";

export interface EliteConfigView {
  endpoint: string;
  clientId: string;
  clientSecretSet: boolean;
  status: {
    lastSuccessAt: string | null;
    lastError: string | null;
    lastErrorAt: string | null;
    failures: number;
    nextAttemptAt: string | null;
    running: boolean;
    cardsImported: number;
  };
}

/** An example endpoint: not words, the same in every language. */
const EXAMPLE_ENDPOINT = "https://3e.example.com/TE_3E_PROD";

export function Elite3eForm({ config, onClose }: { config: EliteConfigView; onClose: () => void }) {
  const t = useT();
  const { fetcher, form, fields, busy } = useDialogForm(
    "updateElite3e",
    eliteConfigSchema,
    { endpoint: config.endpoint, clientId: config.clientId },
    onClose,
    t("elite.saved"),
  );
  const { status } = config;
  const fmt = useFormat();
  const when = useWhen();
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="updateElite3e" />
      <ConnectionStatus
        testId="elite3e-status"
        rows={[
          { term: t("elite.lastSuccess"), value: when(status.lastSuccessAt) },
          ...retryRows({ ...status, connected: Boolean(config.endpoint) }, { term: t("elite.nextAttempt"), off: t("elite.importOff") }, when, t),
          { term: t("elite.cards"), value: fmt.count(status.cardsImported) },
        ]}
      />
      <Field
        label={t("elite.endpoint")}
        autoComplete="off"
        placeholder={EXAMPLE_ENDPOINT}
        data-autofocus
        {...inputProps(fields.endpoint, { type: "text" })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("elite.clientId")} autoComplete="off" {...inputProps(fields.clientId, { type: "text" })} />
        <SecretField label={t("elite.clientSecret")} saved={config.clientSecretSet} {...inputProps(fields.clientSecret, { type: "password" })} />
      </div>
      <p className="text-xs text-slate-600">{t("elite.emptyHint")}</p>
      <StepUpField id={fields.currentPassword.id} errors={fields.currentPassword.errors} />
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("common.save")} busyLabel={t("common.saving")} />
    </fetcher.Form>
  );
}
