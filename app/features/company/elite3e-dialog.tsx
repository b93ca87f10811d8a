import { useFetcher } from "@remix-run/react";
import { Button } from "~/components/button";
import { DialogActions } from "~/components/dialog";
import { DialogButton } from "~/components/list-block";
import { Field } from "~/components/field";

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

interface Reply {
  status?: "success" | "error";
  message?: string;
  error?: Record<string, string[] | null> | null;
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
  const save = useFetcher<Reply>();
  const reply = save.state === "idle" ? save.data : undefined;
  const errors = reply?.status === "error" ? reply.error : null;
  const { status } = config;
  return (
    <save.Form method="post" className="space-y-4">
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
        id="elite-endpoint"
        label="3E endpoint"
        name="endpoint"
        defaultValue={config.endpoint}
        autoComplete="off"
        placeholder="https://3e.example.com/TE_3E_PROD"
        errors={errors?.endpoint ?? undefined}
        data-autofocus
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="elite-client-id"
          label="Client id"
          name="clientId"
          defaultValue={config.clientId}
          autoComplete="off"
          errors={errors?.clientId ?? undefined}
        />
        <Field
          id="elite-client-secret"
          label="Client secret"
          name="clientSecret"
          type="password"
          autoComplete="new-password"
          placeholder={config.clientSecretSet ? "Unchanged" : ""}
          errors={errors?.clientSecret ?? undefined}
        />
      </div>
      <p className="text-xs text-slate-600">Leave the endpoint empty to turn the import off; what was imported stays.</p>
      {reply?.status === "success" ? (
        <p role="alert" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          Time keeping settings saved.
        </p>
      ) : errors?.[""]?.[0] ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errors[""][0]}
        </p>
      ) : null}
      <DialogActions>
        <Button variant="secondary" type="button" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" disabled={save.state !== "idle"}>
          {save.state !== "idle" ? "Saving..." : "Save"}
        </Button>
      </DialogActions>
    </save.Form>
  );
}
