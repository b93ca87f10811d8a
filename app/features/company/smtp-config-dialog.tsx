import { lazy } from "react";
import { ConnectionDialog } from "./connection-dialog";
import type { SmtpConfig } from "./smtp-config-form";
import { useT } from "~/lib/i18n/i18n";

export type { SmtpConfig };

// The form (its schema, with zod, and conform) loads when the dialog first opens (decision 0292).
const SmtpConfigForm = lazy(() => import("./smtp-config-form").then((m) => ({ default: m.SmtpConfigForm })));

/**
 * The company's own mail server. Update is enabled only when something changed and host,
 * port and sender are filled; Reset only when a server is saved. The password is
 * write-only: left empty, the saved one is kept. Update and Reset need the step-up: a
 * sign-in within the last minutes, or the company admin's own password (decisions 0080, 0276).
 */
export function SmtpConfigButton({ config }: { config: SmtpConfig }) {
  const t = useT();
  return (
    <ConnectionDialog label={t("smtp.button")} title={t("smtp.title")} description={t("smtp.description")}>
      {(close) => <SmtpConfigForm config={config} onClose={close} />}
    </ConnectionDialog>
  );
}
