import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ChangePassword } from "~/features/identity/change-password-button";
import { CalendarFeed } from "./calendar-feed-section";
import { DataExport } from "./data-export-section";
import { Devices } from "./devices-section";
import { OutlookAway } from "./outlook-away-section";
import { PictureUpload } from "./picture-section";
import { ProfileForm } from "./profile-section";
import { loadSettingsPage, runSettingsAction } from "./settings-page.server";
import { TeamCalendarFeed } from "./team-calendar-feed-section";
import { TwoStep } from "./two-step-section";
import { WebPushReminders } from "./web-push-section";
import { Passkeys } from "~/features/identity/passkeys-section";

export const meta: MetaFunction = () => [{ title: "Settings · Availability" }];

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
    outlookAway,
  } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900">Settings</h1>
      <Section title="Profile picture" id="picture-heading">
        <PictureUpload userId={me.id} name={me.name || me.email} current={me.picture} />
      </Section>
      <Section title="Profile" id="profile-heading">
        <ProfileForm me={me} showReminders={showReminders} years={years} pendingEmail={pendingEmail} fromDirectory={fromDirectory} />
      </Section>
      {webPush ? (
        <Section title="Notifications" id="notifications-heading">
          <WebPushReminders webPush={webPush} remindersOn={me.updateReminders === 7} />
        </Section>
      ) : null}
      <Section title="Password" id="password-heading">
        <ChangePassword />
      </Section>
      {factors ? (
        <Section title="Two-step sign-in" id="two-step-heading">
          <TwoStep factors={factors} />
        </Section>
      ) : null}
      {passkeys ? (
        <Section title="Passkeys" id="passkeys-heading">
          <Passkeys passkeys={passkeys} stepUp={stepUp} />
        </Section>
      ) : null}
      <Section title="Signed-in devices" id="devices-heading">
        <Devices devices={devices} />
      </Section>
      {outlookAway ? (
        <Section title="Away days from Outlook" id="outlook-away-heading">
          <OutlookAway state={outlookAway} />
        </Section>
      ) : null}
      <Section title="Calendar feed" id="calendar-heading">
        <CalendarFeed feedUrl={feedUrl} />
      </Section>
      {teamFeed ? (
        <Section title="Team calendar feed" id="team-calendar-heading">
          <TeamCalendarFeed teamFeed={teamFeed} />
        </Section>
      ) : null}
      <Section title="Your data" id="data-heading">
        <DataExport state={dataExport} />
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
