import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { passkeyMessage, postPasskeyForm } from "./webauthn-fetch";
import { useT } from "~/lib/i18n/i18n";

/**
 * 'Sign in with a passkey' (decision 0298): the device shows its passkeys for this site and
 * checks the person (PIN or biometrics); the server opens the session. On the code page
 * (`secondFactor`) it finishes the password sign-in instead, with that person's passkey only.
 */
export function PasskeySignInButton({
  label,
  variant = "secondary",
  secondFactor = false,
  redirectTo,
}: {
  label?: string;
  variant?: "primary" | "secondary";
  secondFactor?: boolean;
  redirectTo?: string | null;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function signIn() {
    setBusy(true);
    setError(null);
    // The WebAuthn helpers (3 KiB gzip) load on the click, alongside the options (decision 0292).
    const webauthn = import("@simplewebauthn/browser");
    webauthn.catch(() => undefined); // A failed fetch is reported where it is awaited.
    try {
      const optionsJSON = await postPasskeyForm<PublicKeyCredentialRequestOptionsJSON>("/login/passkey", { intent: "options", secondFactor });
      const { startAuthentication } = await webauthn;
      const response = await startAuthentication({ optionsJSON });
      const { redirectTo: to } = await postPasskeyForm<{ redirectTo: string }>("/login/passkey", {
        intent: "verify",
        response,
        ...(redirectTo ? { redirectTo } : {}),
      });
      window.location.assign(to);
    } catch (caught) {
      setError(passkeyMessage(caught, t));
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2">
      <Button type="button" variant={variant} className="w-full" onClick={signIn} disabled={busy}>
        {busy ? t("login.passkeyWaiting") : (label ?? t("login.passkey"))}
      </Button>
      <Alert message={error} />
    </div>
  );
}
