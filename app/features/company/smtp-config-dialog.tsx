import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/button";
import { DialogActions, Modal } from "~/components/dialog";
import { Field } from "~/components/field";
import { ConnectionReplyMessage, type ConnectionReply } from "./connection-reply";

export interface SmtpConfig {
  smtpHost: string | null;
  smtpPort: number | null;
  smtpSender: string | null;
  smtpSecure: boolean;
  smtpUser: string | null;
}

interface Values {
  smtpHost: string;
  smtpPort: string;
  smtpSender: string;
  smtpSecure: boolean;
  smtpUser: string;
  smtpPassword: string;
}

function valuesOf(config: SmtpConfig): Values {
  return {
    smtpHost: config.smtpHost ?? "",
    smtpPort: config.smtpPort ? String(config.smtpPort) : "",
    smtpSender: config.smtpSender ?? "",
    smtpSecure: config.smtpSecure,
    smtpUser: config.smtpUser ?? "",
    smtpPassword: "",
  };
}

const filled = (text: string) => text.trim() !== "";

/**
 * The company's own mail server. Update is enabled only when something changed and host,
 * port and sender are filled; Reset only when a server is saved. The password is
 * write-only: left empty, the saved one is kept. Update and Reset ask for the company
 * admin's own password (decision 0080).
 */
export function SmtpConfigButton({ config }: { config: SmtpConfig }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        SMTP configuration
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="SMTP configuration"
        description="Send this company's e-mail through your own mail server."
      >
        <SmtpConfigForm config={config} onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
}

function SmtpConfigForm({ config, onClose }: { config: SmtpConfig; onClose: () => void }) {
  const save = useFetcher<ConnectionReply>();
  const test = useFetcher<ConnectionReply>();
  const saved = valuesOf(config);
  const [values, setValues] = useState<Values>(saved);
  const [currentPassword, setCurrentPassword] = useState("");
  const reply = save.state === "idle" ? save.data : undefined;
  // After a reset the saved config is empty again: start the form over from it.
  useEffect(() => {
    if (reply?.status === "success") {
      setValues(valuesOf(config));
      setCurrentPassword("");
    }
  }, [reply, config]);

  const changed = (Object.keys(values) as (keyof Values)[]).some((key) => values[key] !== saved[key]);
  const complete = filled(values.smtpHost) && filled(values.smtpPort) && filled(values.smtpSender);
  const isSet = Boolean(config.smtpHost && config.smtpPort && config.smtpSender);
  const busy = save.state !== "idle";
  const errors = reply?.status === "error" ? reply.error : null;
  const set = (key: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({
      ...current,
      [key]: event.target.type === "checkbox" ? event.target.checked : event.target.value,
    }));
  const testReply = test.state === "idle" ? test.data : undefined;

  return (
    <save.Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="updateSmtp" />
      <Field
        id="smtp-host"
        label="Host"
        name="smtpHost"
        value={values.smtpHost}
        onChange={set("smtpHost")}
        autoComplete="off"
        placeholder="smtp.example.com"
        errors={errors?.smtpHost ?? undefined}
        data-autofocus
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="smtp-port"
          label="Port"
          name="smtpPort"
          type="number"
          inputMode="numeric"
          min={1}
          max={65535}
          value={values.smtpPort}
          onChange={set("smtpPort")}
          placeholder="587"
          errors={errors?.smtpPort ?? undefined}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="smtpSecure"
            checked={values.smtpSecure}
            onChange={set("smtpSecure")}
            className="h-4 w-4 rounded border-slate-300 text-brand-600"
          />
          Secure (TLS from the start)
        </label>
      </div>
      <Field
        id="smtp-sender"
        label="Sender"
        name="smtpSender"
        value={values.smtpSender}
        onChange={set("smtpSender")}
        autoComplete="off"
        placeholder="Firm <no-reply@firm.com>"
        errors={errors?.smtpSender ?? undefined}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="smtp-user"
          label="User"
          name="smtpUser"
          value={values.smtpUser}
          onChange={set("smtpUser")}
          autoComplete="off"
          errors={errors?.smtpUser ?? undefined}
        />
        <Field
          id="smtp-password"
          label="Password"
          name="smtpPassword"
          type="password"
          value={values.smtpPassword}
          onChange={set("smtpPassword")}
          autoComplete="new-password"
          placeholder={config.smtpUser ? "Unchanged" : ""}
          errors={errors?.smtpPassword ?? undefined}
        />
      </div>
      <Field
        id="smtp-current-password"
        label="Your password (to confirm the change)"
        name="currentPassword"
        type="password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
        autoComplete="current-password"
        errors={errors?.currentPassword ?? undefined}
      />
      <ConnectionReplyMessage reply={reply} />
      <ConnectionReplyMessage reply={testReply} />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button
          variant="secondary"
          disabled={!isSet || test.state !== "idle"}
          onClick={() => test.submit({ intent: "testSmtp" }, { method: "post" })}
        >
          {test.state !== "idle" ? "Sending..." : "Send test e-mail"}
        </Button>
        <Button
          variant="danger"
          disabled={!isSet || busy || !filled(currentPassword)}
          onClick={() => save.submit({ intent: "resetSmtp", currentPassword }, { method: "post" })}
        >
          Reset
        </Button>
        <Button type="submit" disabled={!changed || !complete || !filled(currentPassword) || busy}>
          {busy ? "Saving..." : "Update"}
        </Button>
      </DialogActions>
    </save.Form>
  );
}
