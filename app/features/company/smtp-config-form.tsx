import { getFormProps } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { useFetcher } from "@remix-run/react";
import { useCallback, useRef } from "react";
import { Button } from "~/components/button";
import { DialogActions } from "~/components/dialog";
import { Field } from "~/components/field";
import { useDialogFetcher, useFetcherForm } from "~/components/use-dialog-form";
import { smtpConfigSchema } from "~/domain/company/smtp.schema";
import { IntentButton, SecretField } from "./connection-dialog";
import { ConnectionReplyMessage, type ConnectionReply } from "./connection-reply";
import { StepUpField, useStepUpAsks } from "~/components/step-up-field";
import { useT } from "~/lib/i18n/i18n";

export interface SmtpConfig {
  smtpHost: string | null;
  smtpPort: number | null;
  smtpSender: string | null;
  smtpSecure: boolean;
  smtpUser: string | null;
}

/** The saved server as the form's defaults; the password is write-only, so it starts empty. */
function defaultsOf(config: SmtpConfig): Record<string, string> {
  return {
    smtpHost: config.smtpHost ?? "",
    smtpPort: config.smtpPort ? String(config.smtpPort) : "",
    smtpSender: config.smtpSender ?? "",
    smtpUser: config.smtpUser ?? "",
    smtpPassword: "",
    ...(config.smtpSecure ? { smtpSecure: "on" } : {}),
  };
}

const SETTINGS = ["smtpHost", "smtpPort", "smtpSender", "smtpSecure", "smtpUser", "smtpPassword"] as const;

const filled = (text: unknown) => typeof text === "string" && text.trim() !== "";

export function SmtpConfigForm({ config, onClose }: { config: SmtpConfig; onClose: () => void }) {
  // After a save or a reset the saved config is what the loader answers now: the form starts
  // over from it (both passwords empty again), and the answer's message stays.
  const t = useT();
  const restart = useRef(() => {});
  const save = useDialogFetcher(useCallback(() => restart.current(), []));
  const test = useFetcher<ConnectionReply>();
  const defaults = defaultsOf(config);
  const [form, fields] = useFetcherForm("updateSmtp", smtpConfigSchema, defaults, save);
  const asks = useStepUpAsks(fields.currentPassword.errors);
  restart.current = () => form.reset();
  const reply = save.state === "idle" ? save.data : undefined;
  const value = (form.value ?? {}) as Record<string, unknown>;
  const changed = SETTINGS.some((key) => (value[key] ?? "") !== (defaults[key] ?? ""));
  const complete = filled(value.smtpHost) && filled(value.smtpPort) && filled(value.smtpSender);
  const confirmed = !asks || filled(value.currentPassword);
  const isSet = Boolean(config.smtpHost && config.smtpPort && config.smtpSender);
  const busy = save.state !== "idle";
  const testReply = test.state === "idle" ? test.data : undefined;

  return (
    <save.Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="updateSmtp" />
      <Field
        label={t("smtp.host")}
        autoComplete="off"
        placeholder="smtp.example.com"
        data-autofocus
        {...inputProps(fields.smtpHost, { type: "text" })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("smtp.port")}
          inputMode="numeric"
          placeholder="587"
          {...inputProps(fields.smtpPort, { type: "number" })}
          min={1}
          max={65535}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name={fields.smtpSecure.name}
            defaultChecked={config.smtpSecure}
            className="h-4 w-4 rounded border-slate-300 text-brand-600"
          />
          {t("smtp.secure")}
        </label>
      </div>
      <Field
        label={t("smtp.sender")}
        autoComplete="off"
        placeholder={t("smtp.senderPlaceholder")}
        {...inputProps(fields.smtpSender, { type: "text" })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("smtp.user")} autoComplete="off" {...inputProps(fields.smtpUser, { type: "text" })} />
        <SecretField label={t("smtp.password")} saved={Boolean(config.smtpUser)} {...inputProps(fields.smtpPassword, { type: "password" })} />
      </div>
      <StepUpField id={fields.currentPassword.id} errors={fields.currentPassword.errors} />
      <ConnectionReplyMessage reply={reply} />
      <ConnectionReplyMessage reply={testReply} />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t("common.close")}
        </Button>
        <IntentButton fetcher={test} intent="testSmtp" label={t("smtp.sendTest")} busyLabel={t("smtp.sending")} disabled={!isSet} />
        <Button
          variant="danger"
          disabled={!isSet || busy || !confirmed}
          onClick={() => save.submit({ intent: "resetSmtp", currentPassword: String(value.currentPassword ?? "") }, { method: "post" })}
        >
          {t("smtp.reset")}
        </Button>
        <Button type="submit" disabled={!changed || !complete || !confirmed || busy}>
          {busy ? t("common.saving") : t("smtp.update")}
        </Button>
      </DialogActions>
    </save.Form>
  );
}
