import { getFormProps } from "@conform-to/react";
import { Button } from "~/components/button";
import { DialogError, FormActions } from "~/components/dialog";
import { DialogButton } from "~/components/list-block";
import { Field, inputProps } from "~/components/field";
import { useDialogForm } from "~/components/use-dialog-form";
import { eliteConfigSchema } from "~/domain/matters/elite-config.schema";

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

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }) : "never");

/**
 * The company's Elite 3E connection (company admins, decision 0134): endpoint, client id and a
 * write-only client secret, and how the import stands: the last successful import, the last
 * error and when it is tried again.
 */
export function Elite3eButton({ config }: { config: EliteConfigView }) {
  return (
    <DialogButton
      title="Time keeping (Elite 3E)"
      description="Import timekeepers, matters and time cards from your firm's Elite 3E."
      button={(open) => (
        <Button variant="secondary" onClick={open}>
          Time keeping (3E)
        </Button>
      )}
    >
      {(close) => <Elite3eForm config={config} onClose={close} />}
    </DialogButton>
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
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="updateElite3e" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid="elite3e-status">
        <dt className="text-slate-600">Last successful import</dt>
        <dd className="text-slate-900">{when(status.lastSuccessAt)}</dd>
        {status.lastError ? (
          <>
            <dt className="text-slate-600">Last error</dt>
            <dd className="text-red-700">
              {status.lastError} ({when(status.lastErrorAt)}, {status.failures} in a row)
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">Next attempt</dt>
        <dd className="text-slate-900">
          {config.endpoint ? (status.nextAttemptAt ? when(status.nextAttemptAt) : "with the next scheduled run") : "import off"}
        </dd>
        <dt className="text-slate-600">Time cards (last run)</dt>
        <dd className="text-slate-900">{status.cardsImported.toLocaleString("en-GB")}</dd>
      </dl>
      <Field
        label="3E endpoint"
        autoComplete="off"
        placeholder="https://3e.example.com/TE_3E_PROD"
        data-autofocus
        {...inputProps(fields.endpoint, { type: "text" })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Client id" autoComplete="off" {...inputProps(fields.clientId, { type: "text" })} />
        <Field
          label="Client secret"
          autoComplete="new-password"
          placeholder={config.clientSecretSet ? "Unchanged" : ""}
          {...inputProps(fields.clientSecret, { type: "password" })}
        />
      </div>
      <p className="text-xs text-slate-600">Leave the endpoint empty to turn the import off; what was imported stays.</p>
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label="Save" busyLabel="Saving..." />
    </fetcher.Form>
  );
}
