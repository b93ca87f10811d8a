import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense, type ReactNode } from "react";
import { ChangePassword } from "~/features/identity/change-password-button";
import { CalendarFeed } from "./calendar-feed-section";
import { DataExport } from "./data-export-section";
import { Devices } from "./devices-section";
import { OutlookAway } from "./outlook-away-section";
import { PictureUpload } from "./picture-section";
import { ProfileForm as ProfileFormOnServer } from "./profile-render.server";
import { loadSettingsPage, runSettingsAction } from "./settings-page.server";
import { TeamCalendarFeed } from "./team-calendar-feed-section";
import { TwoStep } from "./two-step-section";
import { WebPushReminders } from "./web-push-section";
import { Passkeys } from "~/features/identity/passkeys-section";
import { metaText, useT, type MessageKey } from "~/lib/i18n/i18n";
import { LanguageSection } from "./language-section";

/**
 * The profile form: rendered at once on the server; in the browser its code (with conform)
 * loads right after the page's own, and the server's markup stays as it is inside its Suspense
 * boundary until then, then hydrates (a click or key meanwhile hydrates it first and is replayed;
 * decision 0292).
 */
const ProfileForm =
  typeof document === "undefined"
    ? // eslint-disable-next-line local/no-server-values-in-ui -- the server's render only; the browser takes the lazy form below
      ProfileFormOnServer
    : lazy(() => import("./profile-section").then((module) => ({ default: module.ProfileForm })));

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "settings.pageTitle") }];

export const loader = (args: LoaderFunctionArgs) => loadSettingsPage(args);

export const action = (args: ActionFunctionArgs) => runSettingsAction(args);

/** Each section is a module beside this one; the password dialog is the sign-in area's (features/identity). */
export default function SettingsPage() {
  const {
    me,
    teamFeed,
    devices,
    feedUrl,
    showReminders,
    years,
    pendingEmail,
    fromDirectory,
    factors,
    passkeys,
    stepUp,
    dataExport,
    webPush,
    language,
    outlookAway,
    profileConstraint,
  } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("settings.title")}</h1>
      <Section title="settings.picture" id="picture-heading">
        <PictureUpload userId={me.id} name={me.name || me.email} current={me.picture} />
      </Section>
      <Section title="settings.profile" id="profile-heading">
        <Suspense fallback={null}>
          <ProfileForm
            me={me}
            showReminders={showReminders}
            years={years}
            pendingEmail={pendingEmail}
            constraint={profileConstraint}
            fromDirectory={fromDirectory}
          />
        </Suspense>
      </Section>
      <Section title="settings.language" id="language-heading">
        <LanguageSection language={language} />
      </Section>
      {webPush ? (
        <Section title="settings.notifications" id="notifications-heading">
          <WebPushReminders webPush={webPush} remindersOn={me.updateReminders === 7} />
        </Section>
      ) : null}
      <Section title="settings.password" id="password-heading">
        <ChangePassword />
      </Section>
      {factors ? (
        <Section title="settings.twoStep" id="two-step-heading">
          <TwoStep factors={factors} />
        </Section>
      ) : null}
      {passkeys ? (
        <Section title="settings.passkeys" id="passkeys-heading">
          <Passkeys passkeys={passkeys} stepUp={stepUp} />
        </Section>
      ) : null}
      <Section title="settings.devices" id="devices-heading">
        <Devices devices={devices} />
      </Section>
      {outlookAway ? (
        <Section title="settings.outlookAway" id="outlook-away-heading">
          <OutlookAway state={outlookAway} />
        </Section>
      ) : null}
      <Section title="settings.calendarFeed" id="calendar-heading">
        <CalendarFeed feedUrl={feedUrl} />
      </Section>
      {teamFeed ? (
        <Section title="settings.teamCalendarFeed" id="team-calendar-heading">
          <TeamCalendarFeed teamFeed={teamFeed} />
        </Section>
      ) : null}
      <Section title="settings.yourData" id="data-heading">
        <DataExport state={dataExport} />
      </Section>
    </div>
  );
}

function Section({ title, id, children }: { title: MessageKey; id: string; children: ReactNode }) {
  const t = useT();
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {t(title)}
      </h2>
      {children}
    </section>
  );
}
