import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import clsx from "clsx";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { requireUser, rideSession } from "~/auth/session.server";
import { Avatar } from "~/components/avatar";
import { preloadCalendar } from "~/components/day-picker";
import { usePreloadDialogs } from "~/components/modal-loader";
import { flashKeyOf } from "~/components/flash-message";
import { domainCtx } from "~/domain/context";
import { dashboardRider, getDashboard } from "~/domain/dashboard/dashboard.server";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import type { WorkplaceOption } from "~/domain/workplace/workplace.schema";
import { AbsenceList } from "~/features/dashboard/absence-list";
import { CustomHtmlBlock } from "~/components/custom-html-block";
import type { EditorState } from "~/features/dashboard/forecast-editor";
import { ForecastStrip, useOptimisticForecasts } from "~/features/dashboard/forecast-strip";
import { FutureWorkload } from "~/features/dashboard/future-workload";
import { MessageBox } from "~/features/dashboard/message-box";
import { WeekLocation } from "~/features/dashboard/week-location";
import { WorkloadStepper } from "~/features/dashboard/workload-card";
import { AdminHomeNote, TeamButton } from "~/features/dashboard/team-buttons";
import { runDashboardAction } from "./actions.server";
import { clientSourceOf } from "~/lib/client-source";
import { metaText, useT } from "~/lib/i18n/i18n";

// The dialogs load when first opened: most visits open none, and they carry the dialog
// library, the planner's virtualiser and the calendar.
const loadForecastEditor = () => import("~/features/dashboard/forecast-editor");
const ForecastEditor = lazy(() => loadForecastEditor().then((m) => ({ default: m.ForecastEditor })));

/**
 * The forecast editor and its calendar load once the dashboard is idle, not when 'Add Forecast'
 * is tapped: loaded then, one chunk after the other, a phone showed "Loading calendar..." for
 * about 1.8 s (issue 27, item 24).
 */
function usePreloadForecastEditor(wanted: boolean) {
  useEffect(() => {
    if (!wanted) return;
    const preload = () => {
      loadForecastEditor().catch(() => undefined);
      preloadCalendar();
    };
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(preload, 200);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(preload, { timeout: 1500 });
    return () => window.cancelIdleCallback(idle);
  }, [wanted]);
}
const WfhOverview = lazy(() => import("~/features/dashboard/wfh-overview").then((m) => ({ default: m.WfhOverview })));
const PlannerOverlay = lazy(() => import("~/features/planner/planner-overlay").then((m) => ({ default: m.PlannerOverlay })));

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "home.pageTitle") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The dashboard's reads ride in the session lookup's batch: one D1 round trip for the page.
  const ridden = rideSession(request, context, dashboardRider);
  const actor = await requireUser(request, context);
  // Right after sign-up the flash welcomes the person; the page does not say "Welcome back" under it.
  const firstVisit = flashKeyOf(new URL(request.url).search) === "signup";
  const dashboard = await getDashboard(domainCtx(context, actor), (await ridden) ?? undefined);
  return json({ ...dashboard, elsewhereLabel: actor.company.settings.elsewhereLabel, firstVisit });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  const form = await request.formData();
  return runDashboardAction(domainCtx(context, actor, String(form.get("sessionId") ?? "") || null), form, clientSourceOf(request));
}

export default function Home() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const { me, features, permissions, limits } = data;
  const forecasts = useOptimisticForecasts(data.forecasts as ApiForecast[], me._id);
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [wfhOpen, setWfhOpen] = useState(false);
  const [planner, setPlanner] = useState<"forecasts" | "absences" | null>(null);
  const closeEditor = useCallback(() => setEditor(null), []);
  usePreloadForecastEditor(permissions.editing);
  // The dashboard's dialogs are lazy and mounted only when opened, so no Modal is there to fetch
  // the dialog code at idle: fetched on the tap, it cost a phone two round trips (decision 0292).
  usePreloadDialogs();
  const absences = [...forecasts.filter((f) => f.status === "away"), ...data.vacations];
  const todayStatus = data.away ? "away" : me.currentWorkload === null ? null : String(me.currentWorkload);
  // What an administrator cannot fill in is shown only when it holds something (issue 27, item 21):
  // an empty week widget and two 'No data' cards told them nothing.
  const week = [...(me.workplaceForecast as WorkplaceOption[]), ...(me.workplaceDefault as WorkplaceOption[])];
  const showWeek = features.workplace && (permissions.ownWeek || week.some((option) => option !== null));
  const showCurrent = permissions.editing || me.currentWorkload !== null || data.away;
  const showFuture = permissions.editing || (me.futureWorkload !== null && me.workloadForecastDate !== null);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-8 sm:py-8">
      {data.customHtml ? (
        <CustomHtmlBlock html={data.customHtml} />
      ) : data.firstVisit ? null : (
        <p className="text-sm text-slate-500">{t("home.welcomeBack", { name: me.name.split(" ")[0] })}</p>
      )}

      <div className={clsx("mt-4 grid items-start gap-4", showWeek && "lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]")}>
        <section
          aria-labelledby="profile-heading"
          className="flex flex-wrap items-center gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <Avatar name={me.name} src={me.picture} size="lg" />
          {/* At least 14rem for name, title and team: when the buttons do not fit beside them, they wrap below. */}
          <div className="min-w-[min(14rem,100%)] flex-1 basis-40">
            <h1 id="profile-heading" className="break-words text-xl font-semibold text-slate-900">
              {me.name}
            </h1>
            {me.title ? <p className="break-words text-sm text-slate-600">{me.title}</p> : null}
            <p className="break-words text-sm text-slate-500" data-testid="team">
              {me.team || t("home.noTeam")}
            </p>
          </div>
          <div className="flex w-full flex-wrap gap-2 empty:hidden">
            {permissions.overviews && features.workplace ? (
              <TeamButton
                label={t("home.wfhOverview")}
                description={t("home.wfhOverview.description")}
                icon="home"
                onClick={() => setWfhOpen(true)}
              />
            ) : null}
            {permissions.overviews ? (
              <TeamButton
                label={t("home.forecasts")}
                description={t("home.forecasts.description")}
                icon="forecasts"
                onClick={() => setPlanner("forecasts")}
              />
            ) : null}
            {features.absencePlanner ? (
              <TeamButton
                label={t("home.absencePlanning")}
                description={t("home.absencePlanning.description")}
                icon="absence"
                onClick={() => setPlanner("absences")}
              />
            ) : null}
          </div>
        </section>
        {showWeek ? (
          <WeekLocation
            today={data.today}
            rollingDays={data.week.rolling}
            rolling={me.workplaceForecast as WorkplaceOption[]}
            defaults={me.workplaceDefault as WorkplaceOption[]}
            choices={data.week.choices}
            defaultChoices={data.week.defaultChoices}
            editable={permissions.ownWeek}
            defaultWeekToggle={features.defaultWeekToggle}
          />
        ) : null}
      </div>

      {permissions.editing && features.newForecasting ? (
        <div className="mt-6">
          <ForecastStrip
            today={data.today}
            todayStatus={todayStatus}
            forecasts={forecasts}
            absences={absences}
            onEdit={(forecast) => setEditor({ mode: "edit", forecast })}
          />
          <div className="mt-1 flex justify-end">
            <button
              type="button"
              onClick={() => setEditor({ mode: "add" })}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              {t("forecastForm.add")}
            </button>
          </div>
        </div>
      ) : null}

      {!permissions.editing ? <AdminHomeNote /> : null}

      <div className="mt-4 grid gap-4 empty:hidden md:grid-cols-2">
        {showCurrent ? (
          <section aria-labelledby="current-heading" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 id="current-heading" className="mb-4 text-sm font-medium text-slate-500">
              {t("home.currentWorkload")}
            </h2>
            <WorkloadStepper
              kind="current"
              level={me.currentWorkload}
              away={data.away}
              disabled={!permissions.editing || data.away}
              disabledReason={permissions.editing && data.away ? t("home.awayToday") : undefined}
            />
            {permissions.editing && features.message && !features.newForecasting ? (
              <div className="mt-5 border-t border-slate-100 pt-4">
                <MessageBox id="status-message" label={t("home.statusMessage")} value={me.message} limit={limits.statusMessage} />
              </div>
            ) : null}
          </section>
        ) : null}
        {showFuture ? (
          <section aria-labelledby="future-heading" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 id="future-heading" className="mb-4 text-sm font-medium text-slate-500">
              {t("home.futureWorkload")}
            </h2>
            <FutureWorkload
              today={data.today}
              level={me.futureWorkload}
              date={me.workloadForecastDate}
              forecasts={forecasts}
              editable={permissions.editing}
            />
          </section>
        ) : null}
      </div>

      {permissions.editing && features.message && features.newForecasting ? (
        <section className="mt-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <MessageBox id="general-comment" label={t("home.generalComment")} value={me.message} limit={limits.generalComment} />
        </section>
      ) : null}

      {permissions.editing && !features.newForecasting ? (
        <div className="mt-4">
          <AbsenceList
            forecasts={forecasts}
            vacations={data.vacations}
            editable
            onAdd={() => setEditor({ mode: "add" })}
            onEdit={(forecast) => setEditor({ mode: "edit", forecast })}
          />
        </div>
      ) : null}

      <Suspense fallback={null}>
        {editor ? (
          <ForecastEditor
            state={editor}
            onClose={closeEditor}
            today={data.today}
            absences={absences}
            statusSelectable={features.newForecasting}
            commentLimit={limits.forecastComment}
          />
        ) : null}
        {planner !== null && permissions.planner ? (
          <PlannerOverlay
            open
            onClose={() => setPlanner(null)}
            title={planner === "forecasts" ? t("home.forecastPlanner") : t("home.absencePlanning")}
            today={data.today}
          />
        ) : null}
        {wfhOpen && permissions.overviews ? <WfhOverview open onClose={() => setWfhOpen(false)} elsewhereLabel={data.elsewhereLabel} /> : null}
      </Suspense>
    </div>
  );
}
