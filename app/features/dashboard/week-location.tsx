import { Icon, LOCATION_ICONS } from "~/components/icon";
import clsx from "clsx";
import { useCallback, useRef, useState } from "react";
import { useOutsidePointer } from "~/components/use-outside-pointer";
import type { WorkplaceChoice, WorkplaceOption } from "~/domain/workplace/workplace.schema";
import { parseDayKey, weekdayIndex } from "~/lib/dates";
import { useSuccessToast } from "~/components/use-success-toast";
import { useFormat } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";
import { workplaceChoiceLabel } from "~/lib/i18n/workplace";
import { SaveError } from "./save-error";
import { usePendingIntents, useDashboardWrite } from "./use-dashboard-write";

/** Monday to Friday of one week, for their names in the reader's language. */
const WEEKDAY_DATES = [23, 24, 25, 26, 27].map((day) => new Date(Date.UTC(2026, 10, day)));
/** The default week's days in the catalogs' select ("Default work location on Mondays"). */
const WEEKDAY_KEYS = ["mon", "tue", "wed", "thu", "fri"];

export function WorkplaceIcon({ option, className = "h-5 w-5" }: { option: WorkplaceOption; className?: string }) {
  return <Icon name={option === null ? "none" : LOCATION_ICONS[option]} className={className} />;
}

const optionTone: Record<string, string> = {
  "0": "bg-sky-50 text-sky-800 ring-sky-200",
  "1": "bg-emerald-50 text-emerald-800 ring-emerald-200",
  "2": "bg-rose-50 text-rose-800 ring-rose-200",
  "3": "bg-amber-50 text-amber-800 ring-amber-200",
  none: "bg-slate-50 text-slate-500 ring-slate-200",
};

/**
 * Where the person works: the next five working days and the DEFAULT WEEK (Monday to
 * Friday). The current choice is the main icon; clicking or tapping a day opens the other
 * options (not hovering: a tap sends mouseenter and click together, so a menu that opened
 * on hover closed again at once; issue 27, item 2). An admin's own widget is shown disabled.
 */
export function WeekLocation({
  today,
  rollingDays,
  rolling,
  defaults,
  choices,
  defaultChoices,
  editable,
  defaultWeekToggle,
}: {
  today: string;
  rollingDays: string[];
  rolling: WorkplaceOption[];
  defaults: WorkplaceOption[];
  choices: WorkplaceChoice[];
  defaultChoices: WorkplaceChoice[];
  editable: boolean;
  defaultWeekToggle: boolean;
}) {
  const write = useDashboardWrite("workplace");
  const pending = usePendingIntents(["workplace"]);
  const [showDefault, setShowDefault] = useState(!defaultWeekToggle);
  const valueOf = (index: number, future: boolean, stored: WorkplaceOption): WorkplaceOption => {
    const mine = pending.filter((p) => p.index === String(index) && p.future === String(future)).at(-1);
    if (!mine) return stored;
    return mine.option === "none" ? null : (Number(mine.option) as WorkplaceOption);
  };
  const t = useT();
  const fmt = useFormat();
  // "MON" to "FRI" in the reader's language ("MÅN" in Swedish).
  const weekdays = WEEKDAY_DATES.map((date) => fmt.weekdayShort(date).toLocaleUpperCase(fmt.locale));
  const named = (list: WorkplaceChoice[]) => list.map((choice) => ({ ...choice, label: workplaceChoiceLabel(t, choice) }));
  // The last choice, for the toast that confirms it once saved: "Work location on Thu 27 Nov: Home."
  const chosen = useRef<string | null>(null);
  const choose = (index: number, future: boolean, option: WorkplaceOption) => {
    const choice = (future ? defaultChoices : choices).find((c) => c.value === option);
    const label = choice ? workplaceChoiceLabel(t, choice) : t("common.notSet");
    chosen.current = future
      ? t("dashboard.week.defaultSaved", { weekday: WEEKDAY_KEYS[index], label })
      : t("dashboard.week.saved", { day: fmt.weekdayDayMonth(parseDayKey(rollingDays[index])), label });
    write.submit("workplace", { index: String(index), future: String(future), option: option === null ? "none" : String(option) });
  };
  useSuccessToast(write.result, write.result?.ok === true, () => chosen.current);

  return (
    <section aria-labelledby="week-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-3">
        <h2 id="week-heading" className="text-sm font-semibold text-slate-900">
          {t("dashboard.week.heading")}
        </h2>
        {defaultWeekToggle ? (
          <label className="flex items-center gap-2 text-xs text-slate-600">
            {t("dashboard.week.defaultToggle")}
            <button
              type="button"
              role="switch"
              aria-checked={showDefault}
              onClick={() => setShowDefault((shown) => !shown)}
              className={clsx("relative inline-flex h-5 w-9 items-center rounded-full transition", showDefault ? "bg-brand-600" : "bg-slate-300")}
            >
              <span className={clsx("inline-block h-4 w-4 rounded-full bg-white transition", showDefault ? "translate-x-4" : "translate-x-0.5")} />
            </button>
          </label>
        ) : null}
      </div>
      <WeekRow
        label={t("dashboard.week.thisWeek")}
        days={rollingDays.map((d) => {
          const isToday = d.slice(0, 10) === today.slice(0, 10);
          return { key: d, label: isToday ? t("dashboard.todayCaps") : weekdays[weekdayIndex(parseDayKey(d))], today: isToday };
        })}
        values={rolling.map((v, i) => valueOf(i, false, v))}
        choices={named(choices)}
        editable={editable}
        onChoose={(i, option) => choose(i, false, option)}
      />
      {showDefault ? (
        <div className="mt-3 transition-opacity duration-500">
          <WeekRow
            label={t("dashboard.week.defaultWeek")}
            days={weekdays.map((d, i) => ({ key: WEEKDAY_KEYS[i], label: d }))}
            values={defaults.map((v, i) => valueOf(i, true, v))}
            choices={named(defaultChoices)}
            editable={editable}
            onChoose={(i, option) => choose(i, true, option)}
          />
        </div>
      ) : null}
      {!editable ? <p className="mt-2 text-xs text-slate-500">{t("dashboard.week.adminNote")}</p> : null}
      <SaveError message={write.error} />
    </section>
  );
}

function WeekRow({
  label,
  days,
  values,
  choices,
  editable,
  onChoose,
}: {
  label: string;
  days: { key: string; label: string; today?: boolean }[];
  values: WorkplaceOption[];
  choices: WorkplaceChoice[];
  editable: boolean;
  onChoose: (index: number, option: WorkplaceOption) => void;
}) {
  return (
    <div className="mt-3">
      <p className="text-[11px] font-semibold tracking-wide text-slate-500">{label}</p>
      <ol className="mt-1 grid grid-cols-5 gap-1.5" aria-label={label}>
        {days.map((day, index) => (
          <li key={day.key}>
            <DaySlot
              label={day.label}
              today={day.today ?? false}
              value={values[index] ?? null}
              choices={choices}
              disabled={!editable}
              onChoose={(option) => onChoose(index, option)}
              rowLabel={label}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

function DaySlot({
  label,
  today,
  value,
  choices,
  disabled,
  onChoose,
  rowLabel,
}: {
  label: string;
  today: boolean;
  value: WorkplaceOption;
  choices: WorkplaceChoice[];
  disabled: boolean;
  onChoose: (option: WorkplaceOption) => void;
  rowLabel: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const slot = useRef<HTMLDivElement>(null);
  const current = choices.find((c) => c.value === value);
  const currentLabel = current?.label ?? t("common.notSet");
  const others = choices.filter((c) => c.value !== value);
  // A tap elsewhere closes it too.
  useOutsidePointer(
    open,
    slot,
    useCallback(() => setOpen(false), []),
  );
  return (
    <div
      ref={slot}
      className="relative"
      onKeyDown={(e) => {
        if (e.key !== "Escape" || !open) return;
        setOpen(false);
        slot.current?.querySelector("button")?.focus();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        disabled={disabled}
        aria-expanded={open}
        aria-label={t("dashboard.week.slot", { row: rowLabel, day: label, choice: currentLabel })}
        onClick={() => setOpen((o) => !o)}
        className={clsx(
          "flex h-14 w-full flex-col items-center justify-center gap-0.5 rounded-lg ring-1 transition-colors disabled:cursor-not-allowed disabled:opacity-60",
          optionTone[value === null ? "none" : String(value)],
        )}
      >
        <span className={clsx("text-[10px] font-semibold tracking-wide", today && "text-brand-700")}>{label}</span>
        <WorkplaceIcon option={value} />
      </button>
      {open ? (
        <div
          className="absolute top-full left-1/2 z-30 mt-1 w-32 -translate-x-1/2 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
          role="group"
          aria-label={t("dashboard.week.options", { day: label })}
        >
          {others.map((choice) => (
            <button
              key={String(choice.value)}
              type="button"
              onClick={() => {
                onChoose(choice.value);
                setOpen(false);
              }}
              className="flex h-[49px] w-full items-center gap-2 rounded-md px-2 text-left text-sm text-slate-700 hover:bg-slate-100"
            >
              <WorkplaceIcon option={choice.value} className="h-4 w-4 shrink-0" />
              <span className="truncate">{choice.label}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
