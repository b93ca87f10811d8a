import { getFormProps } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { DialogError, FormActions } from "~/components/dialog";
import { Field } from "~/components/field";
import { useDialogForm } from "~/components/use-dialog-form";
import { eliteConfigSchema } from "~/domain/matters/elite-config.schema";
import { useFormat } from "~/lib/format";
import { ConnectionDialog, ConnectionStatus, retryRows, SecretField, useWhen } from "./connection-dialog";
import { StepUpField } from "~/components/step-up-field";

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

/**
 * The company's Elite 3E connection (company admins, decision 0134): endpoint, client id and a
 * write-only client secret, and how the import stands: the last successful import, the last
 * error and when it is tried again.
 */
export function Elite3eButton({ config }: { config: EliteConfigView }) {
  return (
    <ConnectionDialog
      label="Time keeping (3E)"
      title="Time keeping (Elite 3E)"
      description="Import timekeepers, matters and time cards from your firm's Elite 3E."
    >
      {(close) => <Elite3eForm config={config} onClose={close} />}
    </ConnectionDialog>
  );
}

function Elite3eForm({ config, onClose }: { config: EliteConfigView; onClose: () => void }) {
  const { fetcher, form, fields, busy } = useDialogForm(
    "updateElite3e",
    eliteConfigSchema,
    { endpoint: config.endpoint, clientId: config.clientId },
    onClose,
    "Time keeping settings saved.",
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
          { term: "Last successful import", value: when(status.lastSuccessAt) },
          ...retryRows({ ...status, connected: Boolean(config.endpoint) }, { term: "Next attempt", off: "import off" }, when),
          { term: "Time cards (last run)", value: fmt.count(status.cardsImported) },
        ]}
      />
      <Field
        label="3E endpoint"
        autoComplete="off"
        placeholder="https://3e.example.com/TE_3E_PROD"
        data-autofocus
        {...inputProps(fields.endpoint, { type: "text" })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Client id" autoComplete="off" {...inputProps(fields.clientId, { type: "text" })} />
        <SecretField label="Client secret" saved={config.clientSecretSet} {...inputProps(fields.clientSecret, { type: "password" })} />
      </div>
      <p className="text-xs text-slate-600">Leave the endpoint empty to turn the import off; what was imported stays.</p>
      <StepUpField id={fields.currentPassword.id} errors={fields.currentPassword.errors} />
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label="Save" busyLabel="Saving..." />
    </fetcher.Form>
  );
}
