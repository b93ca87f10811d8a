import { useFetcher } from "@remix-run/react";
import { Button } from "~/components/button";
import { DialogActions } from "~/components/dialog";
import { DialogButton } from "~/components/list-block";
import { Field } from "~/components/field";
import type { CvImportStatus } from "~/domain/company/cv-service.types";
import { ConnectionReplyMessage, type ConnectionReply } from "./connection-reply";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }) : "never");

/**
 * The company's CV service (CV Partner / Flowcase, decision 0112), for company admins: the
 * service's address and a write-only API key (sealed like the 3E secret), how the import
 * stands (last import, last error, next try), 'Import now' and 'Disconnect'.
 */
export function CvServiceButton({ config }: { config: CvImportStatus }) {
  return (
    <DialogButton
      title="CV service (CV Partner)"
      description="Import people's CV items and competences from your firm's CV Partner (Flowcase)."
      button={(open) => (
        <Button variant="secondary" onClick={open}>
          CV service
        </Button>
      )}
    >
      {(close) => <CvServiceForm config={config} onClose={close} />}
    </DialogButton>
  );
}

function CvServiceForm({ config, onClose }: { config: CvImportStatus; onClose: () => void }) {
  const save = useFetcher<ConnectionReply>();
  const run = useFetcher<ConnectionReply>();
  const disconnect = useFetcher<ConnectionReply>();
  const reply = save.state === "idle" ? save.data : undefined;
  const errors = reply?.status === "error" ? reply.error : null;
  const connected = Boolean(config.url);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid="cv-service-status">
        <dt className="text-slate-600">Last import</dt>
        <dd className="text-slate-900">{when(config.lastSuccessAt)}</dd>
        <dt className="text-slate-600">People matched</dt>
        <dd className="text-slate-900">{config.peopleMatched.toLocaleString("en-GB")}</dd>
        {config.lastError ? (
          <>
            <dt className="text-slate-600">Last error</dt>
            <dd className="text-red-700">
              {config.lastError} ({when(config.lastAttemptAt)}, {config.failures} in a row)
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">Next import</dt>
        <dd className="text-slate-900">
          {connected ? (config.nextAttemptAt ? when(config.nextAttemptAt) : "with the next scheduled run") : "not connected"}
        </dd>
      </dl>
      <save.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="updateCvService" />
        <Field
          id="cv-service-url"
          label="CV service address"
          name="url"
          defaultValue={config.url ?? ""}
          autoComplete="off"
          placeholder="https://yourfirm.cvpartner.com"
          errors={errors?.url ?? undefined}
          data-autofocus
        />
        <Field
          id="cv-service-key"
          label="API key"
          name="key"
          type="password"
          autoComplete="new-password"
          placeholder={config.hasKey ? "Unchanged" : ""}
          errors={errors?.key ?? undefined}
        />
        <ConnectionReplyMessage reply={reply} success="CV service saved. The next scheduled run imports." />
        <ConnectionReplyMessage reply={run.state === "idle" ? run.data : undefined} success={false} errorFields={["url", ""]} />
        <DialogActions>
          <Button variant="secondary" type="button" onClick={onClose}>
            Close
          </Button>
          {connected ? (
            <>
              <Button
                variant="secondary"
                type="button"
                disabled={disconnect.state !== "idle"}
                onClick={() => disconnect.submit({ intent: "removeCvService" }, { method: "post" })}
              >
                {disconnect.state !== "idle" ? "Disconnecting..." : "Disconnect"}
              </Button>
              <Button
                variant="secondary"
                type="button"
                disabled={run.state !== "idle"}
                onClick={() => run.submit({ intent: "importCv" }, { method: "post" })}
              >
                {run.state !== "idle" ? "Importing..." : "Import now"}
              </Button>
            </>
          ) : null}
          <Button type="submit" disabled={save.state !== "idle"}>
            {save.state !== "idle" ? "Saving..." : "Save"}
          </Button>
        </DialogActions>
      </save.Form>
    </div>
  );
}
