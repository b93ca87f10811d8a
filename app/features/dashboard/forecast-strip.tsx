import clsx from "clsx";
import { useEffect, useRef, useState } from "react";
import { Popover } from "~/components/popover";
import type { DateRange } from "react-day-picker";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import { workloadColorClass } from "~/domain/workload/levels";
import { useT } from "~/lib/i18n/i18n";
import { workloadLabel } from "~/lib/i18n/workload";
import { blockedDays, formatRange, RangeDayPicker } from "~/components/day-picker";
import { SaveError } from "./save-error";
import { StatusGrid } from "~/components/status-grid";
import { applyPendingForecastWrites, useForecastWrite, usePendingForecastWrites } from "~/components/use-forecast-writes";
import { dayKey } from "~/lib/dates";
import { CARD_WIDTH_PX, commentFontPx, forecastCardWidth } from "~/domain/dashboard/cards";
import { useFormat } from "~/lib/format";

/** Forecasts as they will be once the saves in flight land (temporary ids for new ones). */
export function useOptimisticForecasts(forecasts: ApiForecast[], userId: string): ApiForecast[] {
  const list = applyPendingForecastWrites(forecasts, usePendingForecastWrites("dashboard"), userId);
  return [...list].sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/**
 * The new dashboard's strip: today's card (changes the current workload; away marks the
 * person on leave), a card per forecast (external ones read-only) and an add card that goes
 * from new to range to status choice and saves on the status.
 */
export function ForecastStrip({
  today,
  todayStatus,
  forecasts,
  absences,
  onEdit,
}: {
  today: string;
  todayStatus: string | null;
  forecasts: ApiForecast[];
  absences: { startDate: string; endDate: string }[];
  onEdit: (forecast: ApiForecast) => void;
}) {
  const t = useT();
  const cardWidth = forecastCardWidth(forecasts.length);
  return (
    <section aria-labelledby="strip-heading">
      <h2 id="strip-heading" className="sr-only">
        {t("home.forecasts")}
      </h2>
      <ol className="flex snap-x gap-3 overflow-x-auto pb-2">
        <li className="snap-start">
          <TodayCard today={today} status={todayStatus} />
        </li>
        {forecasts.map((forecast) => (
          <li key={forecast._id} className="snap-start">
            <ForecastCard forecast={forecast} width={cardWidth} onEdit={onEdit} />
          </li>
        ))}
        <li className="snap-start">
          <AddForecastCard today={today} absences={absences} />
        </li>
      </ol>
    </section>
  );
}

// At least 144 px high, and taller when a card must show more (the status list, a save message), so nothing is covered.
const cardBase = "flex min-h-36 shrink-0 flex-col rounded-xl bg-white p-3 text-left shadow-sm ring-1 ring-slate-200";

function TodayCard({ today, status }: { today: string; status: string | null }) {
  const t = useT();
  const fmt = useFormat();
  const write = useForecastWrite("today");
  const [choosing, setChoosing] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const change = useRef<HTMLButtonElement>(null);
  // The picker closes on a choice, Escape or a click outside (issue 27, item 9); the first two put
  // the focus back on the card's button, which the picker replaced.
  const refocus = useRef(false);
  const close = (focus: boolean) => {
    refocus.current = focus;
    setChoosing(false);
  };
  useEffect(() => {
    if (!choosing) {
      if (refocus.current) change.current?.focus();
      refocus.current = false;
      return;
    }
    // The button that opened it is gone: the focus goes to the chosen status (Escape then reaches the card).
    const radios = card.current?.querySelectorAll<HTMLElement>('[role="radio"]') ?? [];
    ([...radios].find((radio) => radio.getAttribute("aria-checked") === "true") ?? radios[0])?.focus();
    const outside = (event: PointerEvent) => {
      if (!card.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [choosing]);
  const shown = write.pending?.status ?? status;
  const away = shown === "away";
  return (
    <div
      ref={card}
      className={cardBase}
      style={{ width: CARD_WIDTH_PX.today }}
      data-testid="today-card"
      onKeyDown={(event) => {
        if (event.key === "Escape" && choosing) close(true);
      }}
    >
      <p className="text-xs font-semibold tracking-wide text-brand-700">{t("dashboard.todayCaps")}</p>
      {choosing ? (
        // No scrolling box and room for the rings: the options were clipped at its edges. The card grows instead.
        <div className="-mx-1 mt-1 p-1">
          <StatusGrid
            compact
            value={shown}
            onChange={(next) => {
              write.submit("today", { status: next });
              close(true);
            }}
          />
        </div>
      ) : (
        <button
          ref={change}
          type="button"
          onClick={() => setChoosing(true)}
          className="mt-2 flex flex-1 flex-col items-start gap-2 rounded-md text-left hover:bg-slate-50"
          aria-label={t("dashboard.todayChange", { status: workloadLabel(t, away ? null : shown, away) })}
        >
          <span className={clsx("h-2 w-12 rounded-full", workloadColorClass(away ? null : shown, away))} aria-hidden="true" />
          <span className="text-sm font-semibold text-slate-900">{workloadLabel(t, away ? null : shown, away)}</span>
          <span className="text-xs text-slate-500">{fmt.weekdayDayMonth(today)}</span>
        </button>
      )}
      <SaveError message={write.error} />
    </div>
  );
}

function ForecastCard({ forecast, width, onEdit }: { forecast: ApiForecast; width: number; onEdit: (forecast: ApiForecast) => void }) {
  const t = useT();
  const fmt = useFormat();
  const away = forecast.status === "away";
  const external = Boolean(forecast.externalSource);
  const label = workloadLabel(t, away ? null : forecast.status, away);
  const title = away && forecast.comment && forecast.comment.length <= 18 ? forecast.comment : label;
  const body = (
    <>
      <span className={clsx("h-2 w-12 rounded-full", workloadColorClass(away ? null : forecast.status, away))} aria-hidden="true" />
      <span className="mt-2 text-xs text-slate-500">{formatRange(forecast.startDate, forecast.endDate, fmt)}</span>
      <span className="mt-1 line-clamp-1 text-sm font-semibold text-slate-900">{title}</span>
      {forecast.comment && title !== forecast.comment ? (
        <span className="mt-1 line-clamp-2 leading-snug text-slate-600" style={{ fontSize: commentFontPx(forecast.comment.length) }}>
          {forecast.comment}
        </span>
      ) : null}
      {external ? (
        <span className="mt-auto text-[11px] font-medium text-slate-500">{t("forecast.fromSource", { source: forecast.externalSource ?? "" })}</span>
      ) : null}
    </>
  );
  const style = { width };
  if (external) {
    return (
      <div className={clsx(cardBase, "bg-slate-50")} style={style} data-testid="forecast-card">
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={() => onEdit(forecast)}
      className={clsx(cardBase, "hover:ring-brand-300")}
      style={style}
      data-testid="forecast-card"
      aria-label={t("dashboard.editForecast", { range: formatRange(forecast.startDate, forecast.endDate, fmt), status: label })}
    >
      {body}
    </button>
  );
}

/** new → range → status: picking the status saves the forecast and the card is new again. */
function AddForecastCard({ today, absences }: { today: string; absences: { startDate: string; endDate: string }[] }) {
  const t = useT();
  const fmt = useFormat();
  const write = useForecastWrite("add-card");
  const [mode, setMode] = useState<"new" | "range" | "status">("new");
  const [range, setRange] = useState<DateRange | undefined>();
  const reset = () => {
    setMode("new");
    setRange(undefined);
  };
  return (
    <div
      className={clsx(cardBase, "w-40 border-2 border-dashed border-slate-300 bg-slate-50 shadow-none ring-0")}
      onMouseEnter={() => mode === "new" && setMode("range")}
      onMouseLeave={() => mode === "range" && !range && setMode("new")}
      data-testid="add-forecast-card"
    >
      {mode === "new" ? (
        <button
          type="button"
          onClick={() => setMode("range")}
          onFocus={() => setMode("range")}
          className="flex flex-1 flex-col items-center justify-center gap-1 text-sm font-medium text-slate-600"
        >
          <span className="text-2xl leading-none" aria-hidden="true">
            +
          </span>
          {t("dashboard.quickAdd")}
        </button>
      ) : mode === "range" ? (
        <Popover
          className="flex flex-1 flex-col items-center justify-center"
          label={t("dashboard.pickDates")}
          buttonClassName="rounded-md bg-white px-3 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
        >
          {(close) => (
            <div>
              <RangeDayPicker months={1} selected={range} onSelect={setRange} disabled={blockedDays(today, absences)} />
              <div className="mt-2 flex justify-end gap-2">
                <button
                  type="button"
                  className="rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
                  onClick={() => {
                    reset();
                    close();
                  }}
                >
                  {t("common.cancel")}
                </button>
                <button
                  type="button"
                  disabled={!range?.from}
                  className="rounded bg-brand-600 px-3 py-1 text-sm font-medium text-white disabled:opacity-50"
                  onClick={() => {
                    setMode("status");
                    close();
                  }}
                >
                  {t("dashboard.next")}
                </button>
              </div>
            </div>
          )}
        </Popover>
      ) : (
        <div className="-mx-1 overflow-y-auto">
          <p className="mb-1 px-1 text-xs text-slate-500">
            {range?.from ? formatRange(dayKey(range.from), dayKey(range.to ?? range.from), fmt) : ""}
          </p>
          <StatusGrid
            compact
            value={null}
            onChange={(status) => {
              if (!range?.from) return;
              write.submit("create", { startDate: dayKey(range.from), endDate: dayKey(range.to ?? range.from), status, comment: "" });
              reset();
            }}
          />
        </div>
      )}
      <SaveError message={write.error} />
    </div>
  );
}
