import { lazy } from "react";
import { ConnectionDialog } from "./connection-dialog";
import type { EliteConfigView } from "./elite3e-form";
import { useT } from "~/lib/i18n/i18n";

export type { EliteConfigView };

// The form (its schema, with zod, and conform) loads when the dialog first opens (decision 0292).
const Elite3eForm = lazy(() => import("./elite3e-form").then((m) => ({ default: m.Elite3eForm })));

/**
 * The company's Elite 3E connection (company admins, decision 0134): endpoint, client id and a
 * write-only client secret, and how the import stands: the last successful import, the last
 * error and when it is tried again.
 */
export function Elite3eButton({ config }: { config: EliteConfigView }) {
  const t = useT();
  return (
    <ConnectionDialog label={t("elite.button")} title={t("elite.title")} description={t("elite.description")}>
      {(close) => <Elite3eForm config={config} onClose={close} />}
    </ConnectionDialog>
  );
}
