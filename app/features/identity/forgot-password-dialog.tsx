import { lazy, useState } from "react";
import { Modal } from "~/components/dialog";
import { useT } from "~/lib/i18n/i18n";

// The form (its schema, with zod, and conform) loads when the dialog first opens (decision 0292).
const ForgotPasswordForm = lazy(() => import("./forgot-password-form").then((m) => ({ default: m.ForgotPasswordForm })));

/** The login page's 'Forgot password' link and dialog. Opening or closing it starts it afresh. */
export function ForgotPassword({ email }: { email?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="text-sm font-medium text-brand-700 hover:underline">
        {t("login.forgot.link")}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("login.forgot.title")} description={t("login.forgot.description")}>
        <ForgotPasswordForm email={email} onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
}
