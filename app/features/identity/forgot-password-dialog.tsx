import { getFormProps, useForm } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { DialogActions, DialogError, Modal } from "~/components/dialog";
import { Field } from "~/components/field";
import { resetRequestSchema } from "~/domain/identity/password.schema";
import type { action } from "~/routes/resources.forgot-password";

/** The login page's 'Forgot password' link and dialog. Opening or closing it starts it afresh. */
export function ForgotPassword({ email }: { email?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="text-sm font-medium text-brand-700 hover:underline">
        Forgot password
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Forgot password" description="We will e-mail you a link to choose a new password.">
        <ForgotPasswordForm email={email} onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
}

function ForgotPasswordForm({ email, onClose }: { email?: string; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: fetcher.state === "idle" ? fetcher.data : undefined,
    constraint: getZodConstraint(resetRequestSchema),
    defaultValue: { resetEmail: email ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  const busy = fetcher.state !== "idle";
  if (fetcher.state === "idle" && fetcher.data?.status === "success") {
    return (
      <div>
        <Alert tone="success" message="Reset link sent" />
        <p className="mt-3 text-sm text-slate-600">
          If an account uses that e-mail address, a link to reset its password is on its way. It works for one hour.
        </p>
        <DialogActions>
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </DialogActions>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action="/resources/forgot-password" {...getFormProps(form)}>
      <Field label="E-mail" autoComplete="email" data-autofocus {...inputProps(fields.resetEmail, { type: "email" })} />
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Send reset link"}
        </Button>
      </DialogActions>
    </fetcher.Form>
  );
}
