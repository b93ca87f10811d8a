import { getFormProps, useForm } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/components/form-constraint";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { DialogActions, DialogError } from "~/components/dialog";
import { Field } from "~/components/field";
import { changePasswordSchema } from "~/domain/identity/password.schema";
import type { action } from "~/routes/resources.change-password";
import { useT } from "~/lib/i18n/i18n";

/** The 'Change password' dialog's form (change-password-button.tsx opens it): old password, new password and confirmation. */
export function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const t = useT();
  const fetcher = useFetcher<typeof action>();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: fetcher.state === "idle" ? fetcher.data : undefined,
    constraint: formConstraint(changePasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  const done = fetcher.state === "idle" && Boolean(fetcher.data?.message);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onClose, 2500);
    return () => clearTimeout(timer);
  }, [done, onClose]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/resources/change-password" className="space-y-4" {...getFormProps(form)}>
      <Field label={t("password.old")} autoComplete="current-password" data-autofocus {...inputProps(fields.oldPassword, { type: "password" })} />
      <Field label={t("password.new")} autoComplete="new-password" {...inputProps(fields.newPassword, { type: "password" })} />
      <Field label={t("password.confirmNew")} autoComplete="new-password" {...inputProps(fields.newPasswordConfirmation, { type: "password" })} />
      {done ? <Alert tone="success" message={fetcher.data!.message} /> : null}
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={busy || done}>
          {busy ? t("common.saving") : t("password.change")}
        </Button>
      </DialogActions>
    </fetcher.Form>
  );
}
