import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type ChangeEvent, type ReactNode } from "react";
import { requireUser } from "~/auth/session.server";
import { Alert } from "~/components/alert";
import { Avatar } from "~/components/avatar";
import { Button } from "~/components/button";
import { Field, inputProps } from "~/components/field";
import { useToast } from "~/components/toast";
import { domainCtx } from "~/domain/context";
import { employedYears, settingsFormSchema, UPDATE_REMINDER_OPTIONS } from "~/domain/users/settings-form.schema";
import { updateOwnUser } from "~/domain/users/user-update.server";
import { ChangePassword } from "~/features/accounts/change-password-dialog";
import { submitForm } from "~/lib/page-form.server";
import { profilePictureUrl } from "~/lib/profile-picture";

export const meta: MetaFunction = () => [{ title: "Settings · Availability" }];

const MAX_PICTURE_MB = 2;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, company } = await requireUser(request, context);
  return json({
    me: {
      id: user.id,
      name: user.name,
      email: user.email,
      title: user.title,
      phone: user.phone ?? "",
      startYear: user.startYear,
      updateReminders: user.updateReminders,
      picture: profilePictureUrl(user.profilePicture),
    },
    showReminders: !company.settings.hideUpdateRemindersSetting,
    years: employedYears(new Date()),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  return submitForm(await request.formData(), settingsFormSchema, async (input) => {
    await updateOwnUser(domainCtx(context, actor), actor.user.id, {
      name: input.name,
      email: input.email,
      title: input.title ?? "",
      phone: input.phone ? input.phone : null,
      startYear: input.startYear ?? null,
      updateReminders: input.updateReminders === 7 ? 7 : input.updateReminders === 0 ? 0 : undefined,
      source: "web_app",
    });
    return { message: "Settings saved" };
  });
}

export default function SettingsPage() {
  const { me } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900">Settings</h1>
      <Section title="Profile picture" id="picture-heading">
        <PictureUpload userId={me.id} name={me.name || me.email} current={me.picture} />
      </Section>
      <Section title="Profile" id="profile-heading">
        <ProfileForm />
      </Section>
      <Section title="Password" id="password-heading">
        <ChangePassword />
      </Section>
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Choose a JPEG or PNG, see it, then save it (POST /api/v2/users/{id}/profile-picture). */
function PictureUpload({ userId, name, current }: { userId: string; name: string; current: string | null }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const revalidator = useRevalidator();
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setError(null);
    setFile(null);
    setPreview(null);
    if (!chosen) return;
    if (!["image/jpeg", "image/png"].includes(chosen.type)) return setError("Use a JPEG or PNG picture.");
    if (chosen.size > MAX_PICTURE_MB * 1024 * 1024) return setError(`The picture is too large. Use one of at most ${MAX_PICTURE_MB} MB.`);
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  }
  async function save() {
    if (!file) return;
    setBusy(true);
    const body = new FormData();
    body.set("image", file);
    const response = await fetch(`/api/v2/users/${userId}/profile-picture`, { method: "POST", body });
    setBusy(false);
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
      return setError(answer.errors?.image ?? answer.message ?? "The picture could not be saved.");
    }
    setFile(null);
    setPreview(null);
    toast("Profile picture saved");
    revalidator.revalidate();
  }
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div data-testid="picture-preview">
        <Avatar name={name} src={preview ?? current} size="lg" />
      </div>
      <div className="flex-1 space-y-2">
        <label htmlFor="picture" className="block text-sm font-medium text-slate-700">
          Choose a picture
        </label>
        <input
          id="picture"
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby="picture-hint"
          onChange={choose}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
        />
        <p id="picture-hint" className="text-sm text-slate-600">
          JPEG or PNG, at most {MAX_PICTURE_MB} MB. A larger picture is refused: crop or compress it first. You see it here before it is saved.
        </p>
        <Alert message={error} />
        {file ? (
          <Button onClick={save} disabled={busy}>
            {busy ? "Saving..." : "Save picture"}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

const selectClass =
  "mt-1 block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none sm:text-sm";

function ProfileForm() {
  const { me, showReminders, years } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
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
  return (
    <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <Field label="Name" autoComplete="name" {...inputProps(fields.name, { type: "text" })} />
      <Field label="Email" autoComplete="email" {...inputProps(fields.email, { type: "email" })} />
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
      <Field label="Title" autoComplete="organization-title" {...inputProps(fields.title, { type: "text" })} />
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
