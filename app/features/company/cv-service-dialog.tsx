import { useFetcher } from "@remix-run/react";
import { useRef } from "react";
import { Button } from "~/components/button";
import { DialogActions } from "~/components/dialog";
import { Field } from "~/components/field";
import { useSuccessToast } from "~/components/use-success-toast";
import type { CvImportStatus } from "~/domain/company/cv-service.types";
import { useFormat } from "~/lib/format";
import { ConnectionDialog, ConnectionStatus, IntentButton, retryRows, SecretField, useWhen } from "./connection-dialog";
import { ConnectionReplyMessage, type ConnectionReply } from "./connection-reply";
import { StepUpField } from "~/components/step-up-field";

/**
 * The company's CV service (CV Partner / Flowcase, decision 0112), for company admins: the
 * service's address and a write-only API key (sealed like the 3E secret), how the import
 * stands (last import, last error, next try), 'Import now' and 'Disconnect'.
 */
export function CvServiceButton({ config }: { config: CvImportStatus }) {
  return (
    <ConnectionDialog
      label="CV service"
      title="CV service (CV Partner)"
      description="Import people's CV items and competences from your firm's CV Partner (Flowcase)."
    >
      {(close) => <CvServiceForm config={config} onClose={close} />}
    </ConnectionDialog>
  );
}

function CvServiceForm({ config, onClose }: { config: CvImportStatus; onClose: () => void }) {
  const save = useFetcher<ConnectionReply>();
  const run = useFetcher<ConnectionReply>();
  const disconnect = useFetcher<ConnectionReply>();
  const fmt = useFormat();
  const when = useWhen();
  const reply = save.state === "idle" ? save.data : undefined;
  const disconnected = disconnect.state === "idle" ? disconnect.data : undefined;
  const errors = reply?.status === "error" ? reply.error : disconnected?.status === "error" ? disconnected.error : null;
  const formRef = useRef<HTMLFormElement>(null);
  const connected = Boolean(config.url);
  // 'Import now' is confirmed with the toast, read after the page's data came back with the run's result.
  const ran = run.state === "idle" ? run.data : undefined;
  useSuccessToast(ran, ran?.status === "success", () =>
    config.lastError ? null : `CV import finished: ${fmt.count(config.peopleMatched)} people matched.`,
  );
  return (
    <div className="space-y-4">
      <ConnectionStatus
        testId="cv-service-status"
        rows={[
          { term: "Last import", value: when(config.lastSuccessAt) },
          { term: "People matched", value: fmt.count(config.peopleMatched) },
          ...retryRows({ ...config, connected, lastErrorAt: config.lastAttemptAt }, { term: "Next import", off: "not connected" }, when),
        ]}
      />
      <save.Form method="post" className="space-y-4" ref={formRef}>
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
        <SecretField id="cv-service-key" label="API key" name="key" saved={config.hasKey} errors={errors?.key ?? undefined} />
        <StepUpField id="cv-service-current-password" errors={errors?.currentPassword} />
        <ConnectionReplyMessage reply={reply} success="CV service saved. The next scheduled run imports." />
        <ConnectionReplyMessage reply={run.state === "idle" ? run.data : undefined} success={false} errorFields={["url", ""]} />
        <DialogActions>
          <Button variant="secondary" type="button" onClick={onClose}>
            Close
          </Button>
          {connected ? (
            <>
              {/* Disconnecting needs the step-up too: it sends the password typed above, if any. */}
              <Button
                variant="secondary"
                disabled={disconnect.state !== "idle"}
                onClick={() => {
                  const typed = formRef.current ? new FormData(formRef.current).get("currentPassword") : null;
                  disconnect.submit({ intent: "removeCvService", currentPassword: typeof typed === "string" ? typed : "" }, { method: "post" });
                }}
              >
                {disconnect.state !== "idle" ? "Disconnecting..." : "Disconnect"}
              </Button>
              <IntentButton fetcher={run} intent="importCv" label="Import now" busyLabel="Importing..." />
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
