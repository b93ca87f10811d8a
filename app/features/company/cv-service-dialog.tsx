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
import { useT } from "~/lib/i18n/i18n";

/** An example address: not words, the same in every language. */
const EXAMPLE_URL = "https://yourfirm.cvpartner.com";

/**
 * The company's CV service (CV Partner / Flowcase, decision 0112), for company admins: the
 * service's address and a write-only API key (sealed like the 3E secret), how the import
 * stands (last import, last error, next try), 'Import now' and 'Disconnect'.
 */
export function CvServiceButton({ config }: { config: CvImportStatus }) {
  const t = useT();
  return (
    <ConnectionDialog label={t("cv.button")} title={t("cv.title")} description={t("cv.description")}>
      {(close) => <CvServiceForm config={config} onClose={close} />}
    </ConnectionDialog>
  );
}

function CvServiceForm({ config, onClose }: { config: CvImportStatus; onClose: () => void }) {
  const t = useT();
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
  useSuccessToast(ran, ran?.status === "success", () => (config.lastError ? null : t("cv.finished", { count: fmt.count(config.peopleMatched) })));
  return (
    <div className="space-y-4">
      <ConnectionStatus
        testId="cv-service-status"
        rows={[
          { term: t("cv.lastImport"), value: when(config.lastSuccessAt) },
          { term: t("cv.peopleMatched"), value: fmt.count(config.peopleMatched) },
          ...retryRows({ ...config, connected, lastErrorAt: config.lastAttemptAt }, { term: t("cv.nextImport"), off: t("cv.notConnected") }, when, t),
        ]}
      />
      <save.Form method="post" className="space-y-4" ref={formRef}>
        <input type="hidden" name="intent" value="updateCvService" />
        <Field
          id="cv-service-url"
          label={t("cv.address")}
          name="url"
          defaultValue={config.url ?? ""}
          autoComplete="off"
          placeholder={EXAMPLE_URL}
          errors={errors?.url ?? undefined}
          data-autofocus
        />
        <SecretField id="cv-service-key" label={t("cv.apiKey")} name="key" saved={config.hasKey} errors={errors?.key ?? undefined} />
        <StepUpField id="cv-service-current-password" errors={errors?.currentPassword} />
        <ConnectionReplyMessage reply={reply} success={t("cv.saved")} />
        <ConnectionReplyMessage reply={run.state === "idle" ? run.data : undefined} success={false} errorFields={["url", ""]} />
        <DialogActions>
          <Button variant="secondary" type="button" onClick={onClose}>
            {t("common.close")}
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
                {disconnect.state !== "idle" ? t("cv.disconnecting") : t("cv.disconnect")}
              </Button>
              <IntentButton fetcher={run} intent="importCv" label={t("cv.importNow")} busyLabel={t("cv.importing")} />
            </>
          ) : null}
          <Button type="submit" disabled={save.state !== "idle"}>
            {save.state !== "idle" ? t("common.saving") : t("common.save")}
          </Button>
        </DialogActions>
      </save.Form>
    </div>
  );
}
