import { useCallback, useState } from "react";
import { isAdmin } from "~/auth/permissions";
import { Alert } from "~/components/alert";
import { Modal } from "~/components/dialog";
import { isoWeek, mondayOf, PLANNER, plannerDayCount } from "~/domain/planner/timeline";
import { formatRange } from "~/components/day-picker";
import { addDays, dayKey, parseDayKey } from "~/lib/dates";
import { useFormat } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";
import { PlannerEditor, type PlannerEditorState } from "./planner-editor";
import { Timeline } from "./planner-timeline";
import { usePlannerData } from "./use-planner-data";
import { useViewportWidth } from "./use-widths";

/**
 * The forecast planner: one 50 px row per completed non-admin person (virtualised), a
 * start date stepped by week, and a number of visible days that grows with the viewport.
 * Mouse and touch: drag on an empty part of a row to pick days for a new forecast (the
 * editor opens with them), drag a bar to move it (after 5 px; the number of weekdays is
 * kept), drag its edges to resize. Keyboard: each row's 'Add forecast for …' button, each
 * bar is a button opening the editor; on a focused bar the arrow keys move it by a day and
 * Shift+arrows change its end date.
 */
export function PlannerOverlay({ open, onClose, title, today }: { open: boolean; onClose: () => void; title: string; today: string }) {
  const t = useT();
  const fmt = useFormat();
  const viewport = useViewportWidth();
  const dayCount = plannerDayCount(viewport);
  // The week of the viewer's today (their office's day, from the server), not the browser's UTC day.
  const thisWeek = dayKey(mondayOf(new Date(today)));
  const [start, setStart] = useState(thisWeek);
  const { data, forecasts, write, answers, busy, error, clearError } = usePlannerData(open, start, dayCount);
  const [editor, setEditor] = useState<PlannerEditorState | null>(null);
  const [dragging, setDragging] = useState(false);
  const closeEditor = useCallback(() => setEditor(null), []);

  const close = () => {
    if (busy || dragging || editor) return;
    onClose();
  };
  const viewer = data?.viewer;
  const viewOnly = data?.settings.absencePlannerviewOnly ?? false;
  const canAdd = Boolean(viewer && !isAdmin(viewer) && !viewOnly);
  const me = data?.people.find((p) => p._id === viewer?.id);
  const startDate = parseDayKey(start);
  const endDate = addDays(startDate, dayCount - 1);
  const week = isoWeek(startDate);

  return (
    <Modal open={open} onClose={close} title={title} panelClassName="max-w-[1500px]" zIndex={PLANNER.zIndex}>
      <section aria-labelledby="planner-calendar-heading" data-testid="planner">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="planner-calendar-heading" className="text-sm font-semibold text-slate-900">
            {t("home.forecasts")}
          </h3>
          <div className="flex flex-wrap items-center gap-1" role="group" aria-label={t("planner.weeks")}>
            <button
              type="button"
              onClick={() => setStart(dayKey(addDays(startDate, -7)))}
              aria-label={t("planner.previousWeek", { week: isoWeek(addDays(startDate, -7)) })}
              className="rounded-md px-2 py-1 whitespace-nowrap text-sm text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              ‹ {t("planner.weekShort", { week: isoWeek(addDays(startDate, -7)) })}
            </button>
            <span className="px-2 text-sm whitespace-nowrap text-slate-700" data-testid="planner-range-heading">
              {t("planner.week", { weeks: week === isoWeek(endDate) ? week : `${week}–${isoWeek(endDate)}` })}
              <span className="hidden sm:inline"> · {formatRange(start, dayKey(endDate), fmt)}</span>
            </span>
            <button
              type="button"
              onClick={() => setStart(dayKey(addDays(startDate, 7)))}
              aria-label={t("planner.nextWeek", { week: isoWeek(addDays(startDate, 7)) })}
              className="rounded-md px-2 py-1 whitespace-nowrap text-sm text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {t("planner.weekShort", { week: isoWeek(addDays(startDate, 7)) })} ›
            </button>
            <button
              type="button"
              onClick={() => setStart(thisWeek)}
              className="rounded-md px-2 py-1 text-sm whitespace-nowrap text-slate-700 hover:bg-slate-50"
            >
              {t("dashboard.week.thisWeek")}
            </button>
          </div>
          <div className="ml-auto flex items-center gap-3">
            {busy ? (
              <span role="status" className="text-xs text-slate-500">
                {t("common.saving")}
              </span>
            ) : null}
            {canAdd && me ? (
              <button
                type="button"
                onClick={() => setEditor({ mode: "add", person: me })}
                className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
              >
                {t("planner.addForecast")}
              </button>
            ) : null}
          </div>
        </div>
        <Alert
          className="mt-2 flex items-center justify-between"
          message={
            error ? (
              <>
                {error}
                <button type="button" onClick={clearError} className="text-xs underline">
                  {t("common.dismiss")}
                </button>
              </>
            ) : null
          }
        />
        {!data ? (
          <p className="mt-4 text-sm text-slate-500" role="status">
            {t("common.loading")}
          </p>
        ) : (
          <Timeline
            data={data}
            forecasts={forecasts}
            start={startDate}
            dayCount={dayCount}
            phone={viewport < PLANNER.phoneWidth}
            small={viewport < 400}
            write={write}
            onEdit={setEditor}
            onDragChange={setDragging}
          />
        )}
      </section>
      {data ? (
        <PlannerEditor
          state={editor}
          onClose={closeEditor}
          today={data.today}
          absences={[...forecasts.filter((f) => f.status === "away").map((f) => ({ ...f })), ...data.vacations]}
          statusSelectable={data.settings.enableNewForecasting}
          commentLimit={data.commentLimit}
          write={write}
        />
      ) : null}
      {answers}
    </Modal>
  );
}
