import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { Field } from "~/components/field";
import { useToast } from "~/components/toast";
import { settingsFormSchema, UPDATE_REMINDER_OPTIONS } from "~/domain/users/settings-form.schema";
import type { FormReply } from "~/lib/page-form.types";

/** What the page says of fields the directory owns (decision 0272). */
const FROM_DIRECTORY = "From Microsoft directory";

const selectClass =
  "mt-1 block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none sm:text-sm";

/** The person's own fields as the form opens with them. */
export interface Profile {
  name: string;
  email: string;
  title: string;
  phone: string;
  startYear: number | null;
  updateReminders: number;
}

export function ProfileForm({
  me,
  showReminders,
  years,
  pendingEmail,
  fromDirectory = false,
}: {
  me: Profile;
  /** Name and title come from the Microsoft directory (decision 0272): read-only here. */
  fromDirectory?: boolean;
  showReminders: boolean;
  years: { value: number; label: string }[];
  pendingEmail: string | null;
}) {
  const fetcher = useFetcher<FormReply>();
  const toast = useToast();
  const [form, fields] = useForm({
    id: "settings",
    lastResult: fetcher.state === "idle" ? fetcher.data : undefined,
    constraint: getZodConstraint(settingsFormSchema),
    defaultValue: { ...me, startYear: me.startYear === null ? "" : String(me.startYear), updateReminders: String(me.updateReminders) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsFormSchema }),
  });
  const saved = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  useEffect(() => {
    if (saved) toast(saved);
  }, [saved, fetcher.data, toast]);
  const busy = fetcher.state !== "idle";
  const directoryOwned = fromDirectory ? { readOnly: true, "aria-describedby": "from-directory" } : {};
  return (
    <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      {fromDirectory ? (
        <p id="from-directory" className="text-sm text-slate-600 sm:col-span-2" data-testid="from-directory">
          <span className="font-medium text-slate-800">{FROM_DIRECTORY}:</span> your name and title come from your firm&apos;s Microsoft directory and
          are kept in step with it. Ask your administrator to change them there.
        </p>
      ) : null}
      <Field label="Name" autoComplete="name" {...inputProps(fields.name, { type: "text" })} {...directoryOwned} />
      <div>
        <Field label="Email" autoComplete="email" {...inputProps(fields.email, { type: "email" })} />
        {pendingEmail ? (
          <p className="mt-1 text-sm text-slate-600" data-testid="pending-email">
            Waiting for confirmation: <span className="break-all font-medium">{pendingEmail}</span>. Open the link we sent there; until then you sign
            in with your current address.
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">A new address takes effect when you open the link we send to it.</p>
        )}
      </div>
      <Field
        label="Current password (to change your e-mail)"
        autoComplete="current-password"
        {...inputProps(fields.currentPassword, { type: "password" })}
      />
      {showReminders ? (
        <div>
          <label htmlFor={fields.updateReminders.id} className="block text-sm font-medium text-slate-700">
            Update Notifications
          </label>
          <select {...getSelectProps(fields.updateReminders)} key={undefined} className={selectClass}>
            {UPDATE_REMINDER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Field label="Phone" autoComplete="tel" {...inputProps(fields.phone, { type: "tel" })} />
      <div>
        <label htmlFor={fields.startYear.id} className="block text-sm font-medium text-slate-700">
          Employed
        </label>
        <select {...getSelectProps(fields.startYear)} key={undefined} className={selectClass}>
          <option value="">Not set</option>
          {years.map((y) => (
            <option key={y.value} value={y.value}>
              {y.label}
            </option>
          ))}
        </select>
      </div>
      <Field label="Title" autoComplete="organization-title" {...inputProps(fields.title, { type: "text" })} {...directoryOwned} />
      <div className="sm:col-span-2">
        <Alert id={form.errorId} message={form.errors?.[0]} />
      </div>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
