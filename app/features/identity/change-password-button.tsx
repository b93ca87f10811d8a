import { lazy, useState } from "react";
import { Button } from "~/components/button";
import { Modal } from "~/components/dialog";
import { useT } from "~/lib/i18n/i18n";

// The form (its schema, with zod, and conform) loads when the dialog first opens (decision 0292).
const ChangePasswordForm = lazy(() => import("./change-password-dialog").then((m) => ({ default: m.ChangePasswordForm })));

/**
 * The personal settings' 'Change password' button and dialog: old password, new password
 * and confirmation. On success it shows 'Password changed!' and closes after 2.5 seconds.
 */
export function ChangePassword() {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t("password.change")}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("password.change")}>
        <ChangePasswordForm onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
}
