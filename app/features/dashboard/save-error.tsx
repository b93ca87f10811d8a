import { Alert } from "~/components/alert";
import { useT } from "~/lib/i18n/i18n";

/** Shown when a save was refused and the change was rolled back. */
export function SaveError({ message }: { message: string | null }) {
  const t = useT();
  if (!message) return null;
  return <Alert small message={t("dashboard.notSaved", { message })} className="mt-2" />;
}
