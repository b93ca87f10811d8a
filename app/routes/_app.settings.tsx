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
import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { emailChangeTokens } from "~/db/schema";
import { listDevices, signOutDevice, signOutOtherDevices } from "~/domain/identity/devices.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { ownFeedUrl, ownTeamFeed, renewOwnFeed, renewTeamFeed, teamFeedSchema } from "~/domain/calendar/calendar-feed.server";
import { statisticsFilterOptions } from "~/domain/statistics/statistics.server";
import { isAdmin } from "~/auth/permissions";
import { domainCtx } from "~/domain/context";
import { employedYears, settingsFormSchema, UPDATE_REMINDER_OPTIONS } from "~/domain/users/settings-form.schema";
import { updateOwnUser } from "~/domain/users/user-update.server";
import { clientIp } from "~/domain/identity/login.server";
import { ChangePassword } from "~/features/accounts/change-password-dialog";
import { submitForm, submitIntent } from "~/web/page-form.server";
import type { FormReply, IntentResult } from "~/lib/page-form.types";
import { profilePictureUrl } from "~/lib/profile-picture";
import { noFields } from "~/domain/schema-kit";

export const meta: MetaFunction = () => [{ title: "Settings · Availability" }];

const MAX_PICTURE_MB = 2;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  const { user, company } = actor;
  const ctx = domainCtx(context, actor);
  const admin = isAdmin(user);
  const [pending, devices, feedUrl, teamFeed, teamOptions] = await Promise.all([
    context.db
      .select({ newEmail: emailChangeTokens.newEmail })
      .from(emailChangeTokens)
      .where(
        and(
          eq(emailChangeTokens.userId, user.id),
          eq(emailChangeTokens.companyId, company.id),
          isNull(emailChangeTokens.usedAt),
          gt(emailChangeTokens.expiresAt, ctx.now),
        ),
      )
      .limit(1),
    listDevices(ctx),
    ownFeedUrl(ctx, context.env, mailerFor(context, request).appUrl),
    admin ? ownTeamFeed(ctx, context.env, mailerFor(context, request).appUrl) : null,
    admin ? statisticsFilterOptions(ctx) : null,
  ]);
  return json({
    pendingEmail: pending[0]?.newEmail ?? null,
    devices,
    feedUrl,
    teamFeed: teamOptions ? { feed: teamFeed, offices: teamOptions.officeOptions, groups: teamOptions.groupOptions } : null,
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

const deviceSchema = z.object({ sessionId: z.string({ error: "Choose a device." }).max(100) });
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  const form = await request.formData();
  const ctx = domainCtx(context, actor);
  const mailer = mailerFor(context, request);
  switch (form.get("intent")) {
    case "signOutOthers":
      return submitIntent(form, noFields, () => signOutOtherDevices(ctx));
    case "signOutDevice":
      return submitIntent(form, deviceSchema, (input) => signOutDevice(ctx, input.sessionId));
    case "renewFeed":
      return submitIntent(form, noFields, () => renewOwnFeed(ctx, context.env, mailer.appUrl));
    case "renewTeamFeed":
      return submitIntent(form, teamFeedSchema, (input) => renewTeamFeed(ctx, context.env, mailer.appUrl, input));
  }
  return submitForm(form, settingsFormSchema, async (input) => {
    const saved = await updateOwnUser(
      ctx,
      actor.user.id,
      {
        name: input.name,
        email: input.email,
        title: input.title ?? "",
        phone: input.phone ? input.phone : null,
        startYear: input.startYear ?? null,
        updateReminders: input.updateReminders === 7 ? 7 : input.updateReminders === 0 ? 0 : undefined,
        source: "web_app",
        currentPassword: input.currentPassword,
      },
      mailer,
      { env: context.env, ip: clientIp(request) },
    );
    if ("pendingEmail" in saved) return { message: `Settings saved. Open the link we sent to ${saved.pendingEmail} to confirm your new e-mail.` };
    return { message: "Settings saved" };
  });
}

export default function SettingsPage() {
  const { me, teamFeed } = useLoaderData<typeof loader>();
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
      <Section title="Signed-in devices" id="devices-heading">
        <Devices />
      </Section>
      <Section title="Calendar feed" id="calendar-heading">
        <CalendarFeed />
      </Section>
      {teamFeed ? (
        <Section title="Team calendar feed" id="team-calendar-heading">
          <TeamCalendarFeed />
        </Section>
      ) : null}
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
  const { me, showReminders, years, pendingEmail } = useLoaderData<typeof loader>();
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
  return (
    <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <Field label="Name" autoComplete="name" {...inputProps(fields.name, { type: "text" })} />
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

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Where the person is signed in (decision 0176): this device first, the others each with 'Sign out'. */
function Devices() {
  const { devices } = useLoaderData<typeof loader>();
  const all = useFetcher<IntentResult>();
  const one = useFetcher<IntentResult>();
  const toast = useToast();
  const answer = all.state === "idle" ? all.data : one.state === "idle" ? one.data : undefined;
  useEffect(() => {
    if (answer?.ok && typeof answer.message === "string") toast(answer.message);
  }, [answer, toast]);
  const others = devices.filter((d) => !d.current).length;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-label="Signed-in devices">
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {device.label}
                {device.current ? (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">This device</span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">
                Last active {dateTime.format(new Date(device.lastActiveAt))} UTC · signed in {dateTime.format(new Date(device.signedInAt))} UTC
              </p>
            </div>
            {device.current ? null : (
              <one.Form method="post">
                <input type="hidden" name="intent" value="signOutDevice" />
                <input type="hidden" name="sessionId" value={device.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  disabled={one.state !== "idle"}
                  aria-label={`Sign out ${device.label}, last active ${dateTime.format(new Date(device.lastActiveAt))}`}
                >
                  Sign out
                </Button>
              </one.Form>
            )}
          </li>
        ))}
      </ul>
      {answer && !answer.ok ? <Alert message={answer.message} /> : null}
      <all.Form method="post" className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {others === 0 ? "You are signed in on this device only." : `Signed in on ${others} other ${others === 1 ? "device" : "devices"}.`}
        </p>
        <input type="hidden" name="intent" value="signOutOthers" />
        <Button type="submit" variant="secondary" disabled={others === 0 || all.state !== "idle"}>
          Sign out of other devices
        </Button>
      </all.Form>
    </div>
  );
}

/** The secret address of one's own calendar (decision 0177), to copy into Outlook, Google or Apple Calendar. */
function CalendarFeed() {
  const { feedUrl } = useLoaderData<typeof loader>();
  const renew = useFetcher<IntentResult>();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const answer = renew.state === "idle" ? renew.data : undefined;
  useEffect(() => {
    if (answer?.ok && typeof answer.message === "string") toast(answer.message);
  }, [answer, toast]);
  async function copy() {
    if (!feedUrl) return;
    await navigator.clipboard.writeText(feedUrl).catch(() => undefined);
    setCopied(true);
    toast("Calendar address copied");
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Subscribe to your forecasts, leave and work locations from your calendar app. Anyone with the address can read it: keep it to yourself, and
        make a new one if it got out (the old one stops working).
      </p>
      {feedUrl ? <FeedAddress id="feed-url" label="Your calendar address" url={feedUrl} /> : null}
      {answer && !answer.ok ? <Alert message={answer.message} /> : null}
      <div className="flex flex-wrap gap-3">
        {feedUrl ? (
          <Button type="button" onClick={copy}>
            {copied ? "Copied" : "Copy address"}
          </Button>
        ) : null}
        <renew.Form method="post">
          <input type="hidden" name="intent" value="renewFeed" />
          <Button type="submit" variant={feedUrl ? "secondary" : "primary"} disabled={renew.state !== "idle"}>
            {feedUrl ? "New secret address" : "Create calendar address"}
          </Button>
        </renew.Form>
      </div>
    </div>
  );
}

/**
 * Administrators' secret team calendar (decision 0198): the forecasts and leave of the people
 * of the chosen offices and groups, as the statistics filter offers them.
 */
function TeamCalendarFeed() {
  const { teamFeed } = useLoaderData<typeof loader>();
  const renew = useFetcher<IntentResult>();
  const toast = useToast();
  const answer = renew.state === "idle" ? renew.data : undefined;
  useEffect(() => {
    if (answer?.ok && typeof answer.message === "string") toast(answer.message);
  }, [answer, toast]);
  if (!teamFeed) return null;
  const { feed, offices, groups } = teamFeed;
  const url = feed?.url ?? null;
  const errors = answer && !answer.ok ? answer.errors : undefined;
  async function copy() {
    if (!url) return;
    await navigator.clipboard.writeText(url).catch(() => undefined);
    toast("Team calendar address copied");
  }
  const choices = (legend: string, name: "offices" | "groups", options: { id: string; name: string }[], chosen: string[] | undefined) => (
    <fieldset className="min-w-0" aria-describedby={errors?.[name] ? `team-feed-${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.id} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name={name}
              value={option.id}
              defaultChecked={chosen ? chosen.includes(option.id) : true}
              className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            />
            <span className="min-w-0 break-words">{option.name}</span>
          </label>
        ))}
      </div>
      {errors?.[name] ? (
        <p id={`team-feed-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </fieldset>
  );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Subscribe to the forecasts and leave of the people in these offices and groups. Anyone with the address can read it: keep it to yourself, and
        make a new one if it got out (the old one stops working). A new address also takes the offices and groups chosen here.
      </p>
      {url ? <FeedAddress id="team-feed-url" label="Team calendar address" url={url} /> : null}
      <renew.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="renewTeamFeed" />
        <div className="grid gap-4 sm:grid-cols-2">
          {choices("Offices", "offices", offices, feed?.officeIds)}
          {choices("Groups", "groups", groups, feed?.groupIds)}
        </div>
        {answer && !answer.ok ? <Alert message={answer.message} /> : null}
        <div className="flex flex-wrap gap-3">
          {url ? (
            <Button type="button" onClick={copy}>
              Copy team address
            </Button>
          ) : null}
          <Button type="submit" variant={url ? "secondary" : "primary"} disabled={renew.state !== "idle"}>
            {url ? "New secret team address" : "Create team calendar address"}
          </Button>
        </div>
      </renew.Form>
    </div>
  );
}

/** A calendar feed's secret address, read-only and selected whole on focus for copying. */
function FeedAddress({ id, label, url }: { id: string; label: string; url: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full rounded-md border-0 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 ring-1 ring-inset ring-slate-300"
      />
    </div>
  );
}
