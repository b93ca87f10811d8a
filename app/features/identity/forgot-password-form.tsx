import { getFormProps, useForm } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/components/form-constraint";
import { useFetcher } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { DialogActions, DialogError } from "~/components/dialog";
import { Field } from "~/components/field";
import { resetRequestSchema } from "~/domain/identity/password.schema";
import type { action } from "~/routes/resources.forgot-password";
import { useT } from "~/lib/i18n/i18n";

/** The 'Forgot password' dialog's form; loaded when the dialog first opens (forgot-password-dialog.tsx). */
export function ForgotPasswordForm({ email, onClose }: { email?: string; onClose: () => void }) {
  const t = useT();
  const fetcher = useFetcher<typeof action>();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: fetcher.state === "idle" ? fetcher.data : undefined,
    constraint: formConstraint(resetRequestSchema),
    defaultValue: { resetEmail: email ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  const busy = fetcher.state !== "idle";
  if (fetcher.state === "idle" && fetcher.data?.status === "success") {
    return (
      <div>
        <Alert tone="success" message={t("login.forgot.sent")} />
        <p className="mt-3 text-sm text-slate-600">{t("login.forgot.sentText")}</p>
        <DialogActions>
          <Button onClick={onClose} data-autofocus>
            {t("common.close")}
          </Button>
        </DialogActions>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action="/resources/forgot-password" {...getFormProps(form)}>
      <Field label={t("auth.email")} autoComplete="email" data-autofocus {...inputProps(fields.resetEmail, { type: "email" })} />
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("login.forgot.sending") : t("login.forgot.send")}
        </Button>
      </DialogActions>
    </fetcher.Form>
  );
}
