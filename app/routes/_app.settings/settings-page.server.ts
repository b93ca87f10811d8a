import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formConstraint } from "~/components/form-constraint";
import { z } from "zod";
import { isAdmin } from "~/auth/permissions";
import { requireUser } from "~/auth/session.server";
import { listDevices, signOutDevice, signOutOtherDevices } from "~/domain/identity/devices.server";
import { directoryOwnsProfile } from "~/domain/identity/directory/ownership.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { ownFeedUrl, ownTeamFeed, renewOwnFeed, renewTeamFeed, teamFeedSchema } from "~/domain/calendar/calendar-feed.server";
import { domainCtx } from "~/domain/context";
import { noFields } from "~/domain/schema-kit";
import { statisticsFilterOptions } from "~/domain/statistics/statistics.server";
import { pendingEmailChange } from "~/domain/users/pending-email.server";
import { employedYears, settingsFormSchema } from "~/domain/users/settings-form.schema";
import { updateOwnUser } from "~/domain/users/user-update.server";
import { clientIp } from "~/domain/identity/login.server";
import { factorsOf } from "~/domain/identity/second-factor.server";
import { listPasskeys } from "~/domain/identity/passkeys.server";
import { stepUpState } from "~/domain/identity/reauth.server";
import { readWebPush } from "~/domain/reminders/web-push.server";
import { outlookAwayState, setOutlookAway } from "~/domain/forecasts/outlook-away.server";
import { submitForm, submitIntent } from "~/web/page-form.server";
import { profilePictureUrl } from "~/lib/profile-picture";
import { officeWithGroup } from "~/lib/office-name";
import { advanceOwnDataExport, dataExportState, requestDataExport, type ExportRuntime } from "~/domain/privacy/data-export.server";
import type { LoadContext } from "~/env";
import type { Mailer } from "~/domain/identity/mailer.server";
import { ValidationError } from "~/domain/errors";
import { setOwnLanguage } from "~/domain/users/language.server";
import { languageOptions, resolveLanguage } from "~/lib/i18n/catalogs.server";
import { withFlash } from "~/components/flash-message";

/** What /settings shows: the profile, the e-mail waiting for confirmation, the devices and the calendar feeds. */
export async function loadSettingsPage({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  const { user, company } = actor;
  const ctx = domainCtx(context, actor);
  const admin = isAdmin(user);
  const remindable = !company.settings.hideUpdateRemindersSetting && !admin;
  const [pendingEmail, devices, feedUrl, teamFeed, teamOptions, fromDirectory, factors, passkeys, dataExport, webPush, outlookAway] =
    await Promise.all([
      pendingEmailChange(ctx),
      listDevices(ctx),
      ownFeedUrl(ctx, context.env, mailerFor(context, request).appUrl),
      admin ? ownTeamFeed(ctx, context.env, mailerFor(context, request).appUrl) : null,
      admin ? statisticsFilterOptions(ctx) : null,
      directoryOwnsProfile(ctx, user),
      // Two-step sign-in is for password sign-in: SSO and Microsoft users' providers do their own.
      user.passwordHash === null ? null : factorsOf(ctx.db, user),
      user.passwordHash === null ? null : listPasskeys(ctx.db, user),
      dataExportState(ctx, context.env),
      // Reminders on this device (decision 0302): where reminders go at all and the installation pushes.
      remindable ? readWebPush(ctx, context.env) : null,
      // Only where the firm's Microsoft directory reaches the person (decision 0304); otherwise no trace.
      outlookAwayState(ctx, context),
    ]);
  return json({
    pendingEmail,
    devices,
    factors,
    passkeys,
    stepUp: stepUpState(actor, ctx.now),
    dataExport,
    feedUrl,
    teamFeed: teamOptions
      ? {
          feed: teamFeed,
          offices: teamOptions.officeOptions.map((o) => ({ id: o.id, name: officeWithGroup(o.name, o.groupName) })),
          groups: teamOptions.groupOptions,
        }
      : null,
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
    /** Name and title come from the Microsoft directory (decision 0272): shown read-only. */
    fromDirectory,
    showReminders: !company.settings.hideUpdateRemindersSetting,
    outlookAway,
    webPush: webPush?.publicKey ? { publicKey: webPush.publicKey, subscriptions: webPush.subscriptions } : null,
    years: employedYears(new Date()),
    /** The profile fields' required and maxLength, worked out here so that zod stays off the page (decision 0292). */
    profileConstraint: formConstraint(settingsFormSchema),
    /** The person's language (decision 0306): their choice, and what "automatic" would be. */
    language: {
      chosen: user.language,
      automatic: resolveLanguage({ acceptLanguage: request.headers.get("Accept-Language"), firmDefault: company.settings.language }),
      options: languageOptions(),
    },
  });
}

const deviceSchema = z.object({ sessionId: z.string({ error: "Choose a device." }).max(100) });
const outlookAwaySchema = z.object({ on: z.enum(["on", "off"], { error: "Choose on or off." }) });

/** The page's writes: the devices' and the feeds' intents, else the profile form. */
export async function runSettingsAction({ request, context }: ActionFunctionArgs) {
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
    case "requestExport":
      return submitIntent(form, noFields, async () => {
        await requestDataExport(ctx, exportRuntime(context, mailer));
        return { message: "Preparing your data" };
      });
    case "advanceExport":
      return submitIntent(form, noFields, () => advanceOwnDataExport(ctx, exportRuntime(context, mailer)));
    case "outlookAway":
      return submitIntent(form, outlookAwaySchema, (input) => setOutlookAway(ctx, context, input.on === "on"));
    case "renewTeamFeed":
      return submitIntent(form, teamFeedSchema, (input) => renewTeamFeed(ctx, context.env, mailer.appUrl, input));
    case "setLanguage": {
      // A plain form post: the new language is the whole page's, so the page loads again in it.
      const chosen = form.get("language");
      try {
        await setOwnLanguage(ctx, typeof chosen === "string" && chosen !== "" ? chosen : null);
      } catch (error) {
        if (error instanceof ValidationError) return json({ ok: false as const, intent: "setLanguage" as const, message: error.message }, 400);
        throw error;
      }
      return redirect(withFlash("/settings", "languageSaved"));
    }
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

/** Where an export's steps write, and how the person hears it is ready. */
function exportRuntime(context: LoadContext, mailer: Mailer): ExportRuntime {
  return { db: context.db, files: context.env.FILES, mail: { context: mailer.mail, appUrl: mailer.appUrl, appName: mailer.appName } };
}
