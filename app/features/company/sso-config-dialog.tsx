import { useCallback, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { Button } from "~/components/button";
import { DialogError, FormActions } from "~/components/dialog";
import { Field } from "~/components/field";
import { useToast } from "~/components/toast";
import { useDialogFetcher } from "~/components/use-dialog-fetcher";
import { dayKey } from "~/lib/dates";
import { ConnectionDialog } from "./connection-dialog";
import { StepUpField } from "~/components/step-up-field";
import { useT } from "~/lib/i18n/i18n";

/** What GET /company/sso-config answers (domain/sso/sso.server.ts getSsoConfig). */
export interface SsoConfig {
  ssoLoginUrl: string;
  allowFederation: boolean;
  ssoIdpInitiated: boolean;
  emailDomains: string[];
  /** Each domain's proof (decision 0250): pending with the TXT record to add, verified, failed. */
  domains: { domain: string; state: "pending" | "verified" | "failed"; record: string; checkError: string | null }[];
  certificate: { subject: string; validTo: string } | null;
  acsUrl: string;
  loginUrl: string;
  metadataUrl: string;
}

/** Examples of what the fields take: not words, the same in every language. */
const EXAMPLE_LOGIN_URL = "https://login.firm.com/saml2";
const CERTIFICATE_START = "-----BEGIN CERTIFICATE-----";

/**
 * The SSO/SAML2 configuration (company admins): the IdP's login URL and certificate
 * (uploaded or pasted; the saved one's subject and expiry are shown), federation, the
 * firm's e-mail domains, and what to give the IdP (assertion URL, SP metadata URL). The
 * test button runs a sign-in round trip in a new window that signs nobody in.
 */
export function SsoConfigButton({ config }: { config: SsoConfig }) {
  const t = useT();
  return (
    <ConnectionDialog label={t("sso.button")} title={t("sso.title")} description={t("sso.description")}>
      {(close) => <SsoConfigForm config={config} onClose={close} />}
    </ConnectionDialog>
  );
}

function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <Field
      id={id}
      label={label}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      trailing={
        <button
          type="button"
          className="rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        >
          {copied ? t("sso.copied") : t("sso.copy")}
        </button>
      }
    />
  );
}

function SsoConfigForm({ config, onClose }: { config: SsoConfig; onClose: () => void }) {
  const t = useT();
  const show = useToast();
  const done = useCallback(() => {
    show(t("sso.updated"));
    onClose();
  }, [show, onClose, t]);
  const fetcher = useDialogFetcher(done);
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = reply?.status === "error" ? reply.error : null;
  const [certificate, setCertificate] = useState("");
  const busy = fetcher.state !== "idle";
  const expires = config.certificate ? dayKey(config.certificate.validTo) : null;
  // "Check now": the DNS records of the firm's saved domains; the page's data (each domain's
  // state) reloads after it, and its answer ("All domains verified.") shows beside the button.
  const checker = useFetcher<{ message?: string }>();

  return (
    <fetcher.Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="updateSso" />
      <Field
        id="sso-login-url"
        label={t("sso.loginUrl")}
        name="ssoLoginUrl"
        defaultValue={config.ssoLoginUrl}
        placeholder={EXAMPLE_LOGIN_URL}
        autoComplete="off"
        errors={errors?.ssoLoginUrl ?? undefined}
        data-autofocus
      />
      <div>
        <label htmlFor="sso-certificate" className="block text-sm font-medium text-slate-700">
          {t("sso.certificate")}
        </label>
        {config.certificate ? (
          <p className="mt-1 text-sm text-slate-600" id="sso-certificate-current">
            {t("sso.savedCertificate", { subject: config.certificate.subject, expires: expires ?? "" })}
          </p>
        ) : null}
        <textarea
          id="sso-certificate"
          name="ssoCertificate"
          rows={4}
          value={certificate}
          onChange={(event) => setCertificate(event.target.value)}
          placeholder={CERTIFICATE_START}
          aria-describedby={config.certificate ? "sso-certificate-current" : undefined}
          aria-invalid={errors?.ssoCertificate ? true : undefined}
          className="mt-1 block w-full rounded-md border-0 px-3 py-2 font-mono text-xs text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
        />
        {errors?.ssoCertificate ? <p className="mt-1 text-sm text-red-600">{errors.ssoCertificate[0]}</p> : null}
        <label className="mt-2 inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-brand-700">
          <span>{t("sso.upload")}</span>
          <input
            type="file"
            accept=".pem,.cer,.crt,application/x-x509-ca-cert"
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void file.text().then(setCertificate);
            }}
          />
        </label>
      </div>
      <Field
        id="sso-domains"
        label={t("sso.domains")}
        name="emailDomains"
        defaultValue={config.emailDomains.join(", ")}
        placeholder={t("sso.domainsPlaceholder")}
        autoComplete="off"
        errors={errors?.emailDomains ?? undefined}
      />
      {config.domains.length ? (
        <div className="space-y-2">
          <ul className="space-y-2 text-sm" aria-label={t("sso.verification")}>
            {config.domains.map((d) => (
              <li key={d.domain} className="rounded-md p-2 ring-1 ring-slate-200 ring-inset">
                <span className="font-medium break-all text-slate-800">{d.domain}</span>:{" "}
                {d.state === "verified" ? (
                  <span className="text-green-700">{t("sso.verified")}</span>
                ) : (
                  <>
                    <span className={d.state === "failed" ? "text-red-700" : "text-amber-700"}>
                      {d.state === "failed" ? t("sso.notVerified") : t("sso.pending")}
                    </span>
                    <span className="mt-1 block break-all text-slate-600">
                      {t("sso.addRecord.before")} <code className="font-mono text-xs">{d.record}</code>{" "}
                      {t("sso.addRecord.after", { domain: d.domain })}
                    </span>
                    {d.checkError ? <span className="mt-1 block break-words text-red-700">{d.checkError}</span> : null}
                  </>
                )}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              type="button"
              disabled={checker.state !== "idle"}
              onClick={() => checker.submit(null, { method: "post", action: "/api/v2/company/sso-config/check" })}
            >
              {checker.state === "idle" ? t("sso.checkNow") : t("sso.checking")}
            </Button>
            <p role="status" className="text-sm text-slate-600">
              {checker.state === "idle" ? checker.data?.message : null}
            </p>
          </div>
        </div>
      ) : null}
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" name="allowFederation" defaultChecked={config.allowFederation} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
        <span>{t("sso.federation")}</span>
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" name="ssoIdpInitiated" defaultChecked={config.ssoIdpInitiated} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
        <span>{t("sso.idpInitiated")}</span>
      </label>
      <CopyField id="sso-acs-url" label={t("sso.acsUrl")} value={config.acsUrl} />
      <CopyField id="sso-metadata-url" label={t("sso.metadataUrl")} value={config.metadataUrl} />
      {config.ssoLoginUrl && config.certificate ? (
        <a
          href={`${config.loginUrl}?test=1`}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          {t("sso.test")}
        </a>
      ) : null}
      <StepUpField id="sso-current-password" errors={errors?.currentPassword} />
      <DialogError message={errors?.[""]?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("common.save")} busyLabel={t("common.saving")} />
    </fetcher.Form>
  );
}
