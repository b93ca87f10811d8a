import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { Field } from "~/components/field";
import { useToast } from "~/components/toast";
import { useLazyValidation, type FieldConstraints } from "~/components/use-lazy-validation";
import { UPDATE_REMINDER_OPTIONS } from "~/domain/users/settings-form.constants";
import type { FormReply } from "~/lib/page-form.types";
import { useT } from "~/lib/i18n/i18n";

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
  constraint,
  fromDirectory = false,
}: {
  me: Profile;
  /** The fields' required and maxLength from the schema, worked out by the loader (zod stays off the page). */
  constraint: FieldConstraints;
  /** Name and title come from the Microsoft directory (decision 0272): read-only here. */
  fromDirectory?: boolean;
  showReminders: boolean;
  years: { value: number; label: string }[];
  pendingEmail: string | null;
}) {
  const fetcher = useFetcher<FormReply>();
  // Saved before the page's code arrived (or without it), the form posts as a document: the page
  // that answers carries the reply as the action's data, and shows it here (no toast yet then).
  const posted = profileReply(useActionData<unknown>());
  const reply = fetcher.data ?? posted;
  const toast = useToast();
  const t = useT();
  // The schema loads at idle; until then the server's answer carries the same messages (decision 0292).
  const validate = useLazyValidation(() => import("./profile-validation").then((module) => module.validateProfile));
  const [form, fields] = useForm({
    id: "settings",
    lastResult: fetcher.state === "idle" ? reply : undefined,
    constraint,
    defaultValue: { ...me, startYear: me.startYear === null ? "" : String(me.startYear), updateReminders: String(me.updateReminders) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate,
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
          {/* What the page says of fields the directory owns (decision 0272). */}
          <span className="font-medium text-slate-800">{t("settings.profile.fromDirectory")}:</span> {t("settings.profile.fromDirectoryText")}
        </p>
      ) : null}
      <Field label={t("settings.profile.name")} autoComplete="name" {...inputProps(fields.name, { type: "text" })} {...directoryOwned} />
      <div>
        <Field label={t("settings.profile.email")} autoComplete="email" {...inputProps(fields.email, { type: "email" })} />
        {pendingEmail ? (
          <p className="mt-1 text-sm text-slate-600" data-testid="pending-email">
            <span className="break-all">{t("settings.profile.pendingEmail", { email: pendingEmail })}</span>
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{t("settings.profile.newEmailHint")}</p>
        )}
      </div>
      <Field
        label={t("settings.profile.currentPassword")}
        autoComplete="current-password"
        {...inputProps(fields.currentPassword, { type: "password" })}
      />
      {showReminders ? (
        <div>
          <label htmlFor={fields.updateReminders.id} className="block text-sm font-medium text-slate-700">
            {t("settings.profile.reminders")}
          </label>
          <select {...getSelectProps(fields.updateReminders)} key={undefined} className={selectClass}>
            {UPDATE_REMINDER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {t(`settings.profile.reminders.${o.value}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Field label={t("settings.profile.phone")} autoComplete="tel" {...inputProps(fields.phone, { type: "tel" })} />
      <div>
        <label htmlFor={fields.startYear.id} className="block text-sm font-medium text-slate-700">
          {t("settings.profile.employed")}
        </label>
        <select {...getSelectProps(fields.startYear)} key={undefined} className={selectClass}>
          <option value="">{t("settings.profile.notSet")}</option>
          {years.map((y) => (
            <option key={y.value} value={y.value}>
              {y.label}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t("settings.profile.title")}
        autoComplete="organization-title"
        {...inputProps(fields.title, { type: "text" })}
        {...directoryOwned}
      />
      <div className="sm:col-span-2">
        <Alert id={form.errorId} message={form.errors?.[0]} />
      </div>
      <div className="flex items-center justify-end gap-3 sm:col-span-2">
        {!fetcher.data && posted?.message ? (
          <p role="status" className="text-sm text-emerald-700">
            {posted.message}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? t("common.saving") : t("common.save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** The action's data when it answers this form (the page's other forms post to the same action). */
function profileReply(data: unknown): FormReply | undefined {
  if (!data || typeof data !== "object" || !("initialValue" in data)) return undefined;
  const initial = (data as FormReply).initialValue;
  return initial && typeof initial === "object" && "email" in initial ? (data as FormReply) : undefined;
}
