import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { Field } from "~/components/field";
import { useToast } from "~/components/toast";
import type { StepUp } from "~/domain/identity/step-up";
import { passkeyMessage, PasskeyError, postPasskeyForm } from "~/features/identity/webauthn-fetch";
import { useMoments } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";

export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * The person's passkeys (decision 0298): each signs in on its own, and counts as the second
 * factor. Adding and removing one needs the step-up (decision 0276): within ten minutes of
 * signing in nothing is asked, afterwards the password.
 */
export function Passkeys({ passkeys, stepUp }: { passkeys: PasskeyRow[]; stepUp: StepUp }) {
  const { moment } = useMoments();
  const revalidator = useRevalidator();
  const toast = useToast();
  const t = useT();
  const [openedAt] = useState(() => Date.now());
  const windowOpen = stepUp.until !== null && Date.parse(stepUp.until) > openedAt;
  const [password, setPassword] = useState("");
  const [askPassword, setAskPassword] = useState(!windowOpen);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState("");

  async function run(work: () => Promise<{ message?: string }>) {
    setBusy(true);
    setError(null);
    try {
      const { message } = await work();
      if (message) toast(message);
      setPassword("");
      setName("");
      setRenaming(null);
      revalidator.revalidate();
    } catch (caught) {
      if (caught instanceof PasskeyError && caught.errors?.currentPassword) setAskPassword(true);
      setError(passkeyMessage(caught, t));
    } finally {
      setBusy(false);
    }
  }
  const currentPassword = askPassword && password ? { currentPassword: password } : {};
  const add = () =>
    run(async () => {
      // The WebAuthn helpers (3 KiB gzip) load on the click, alongside the options (decision 0292).
      const webauthn = import("@simplewebauthn/browser");
      webauthn.catch(() => undefined); // A failed fetch is reported where it is awaited.
      const optionsJSON = await postPasskeyForm<PublicKeyCredentialCreationOptionsJSON>("/resources/passkeys", {
        intent: "options",
        ...currentPassword,
      });
      const { startRegistration } = await webauthn;
      const response = await startRegistration({ optionsJSON });
      return postPasskeyForm("/resources/passkeys", { intent: "register", response, name });
    });

  return (
    <div className="space-y-4">
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-600">{t("passkeys.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-label={t("passkeys.list")}>
          {passkeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              {renaming === key.id ? (
                <form
                  className="flex flex-wrap items-end gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void run(() => postPasskeyForm("/resources/passkeys", { intent: "rename", id: key.id, name: newName }));
                  }}
                >
                  <Field
                    id={`passkey-name-${key.id}`}
                    label={t("passkeys.newName")}
                    value={newName}
                    onChange={(e) => setNewName(e.currentTarget.value)}
                    maxLength={60}
                  />
                  <Button type="submit" disabled={busy}>
                    {t("common.save")}
                  </Button>
                  <Button type="button" variant="ghost" onClick={() => setRenaming(null)}>
                    {t("common.cancel")}
                  </Button>
                </form>
              ) : (
                <>
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{key.name}</p>
                    <p className="text-sm text-slate-600">
                      {key.lastUsedAt
                        ? t("passkeys.added", { added: moment(key.createdAt), used: moment(key.lastUsedAt) })
                        : t("passkeys.addedNotUsed", { added: moment(key.createdAt) })}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      type="button"
                      variant="secondary"
                      aria-label={t("passkeys.renameLabel", { name: key.name })}
                      onClick={() => {
                        setRenaming(key.id);
                        setNewName(key.name);
                      }}
                    >
                      {t("passkeys.rename")}
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      aria-label={t("passkeys.removeLabel", { name: key.name })}
                      disabled={busy}
                      onClick={() => run(() => postPasskeyForm("/resources/passkeys", { intent: "remove", id: key.id, ...currentPassword }))}
                    >
                      {t("settings.push.remove")}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Field
          id="passkey-new-name"
          label={t("passkeys.nameLabel")}
          placeholder={t("passkeys.namePlaceholder")}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.currentTarget.value)}
          className="min-w-48 flex-1"
        />
        {askPassword && stepUp.byPassword ? (
          <Field
            id="passkey-password"
            type="password"
            label={t("passkeys.password")}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            className="min-w-48 flex-1"
          />
        ) : null}
        <Button type="button" onClick={add} disabled={busy}>
          {busy ? t("passkeys.waiting") : t("passkeys.add")}
        </Button>
      </div>
      <Alert message={error} />
    </div>
  );
}
