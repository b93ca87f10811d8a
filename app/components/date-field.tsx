import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useOutsidePointer } from "~/components/use-outside-pointer";
import type { Matcher } from "react-day-picker";
import { parseDayKey } from "~/lib/dates";
import { numericDatePattern, parseNumericDate, useFormat } from "~/lib/format";
import { SingleDayPicker } from "./day-picker";
import { FieldFrame } from "./field";
import { Icon } from "./icon";
import { useT } from "~/lib/i18n/i18n";

/** The calendar's width with its padding (seven 38 px days, 12 px each side), to keep it on screen. */
const CALENDAR_WIDTH = 7 * 38 + 24;

/**
 * A day typed or picked in the reader's locale (issue 27, item 20; decision 0280). The browser's
 * own date input writes its day in the browser's language, whatever the page's
 * `lang` or Accept-Language: mm/dd/yyyy in an English Chromium for a Swedish firm. This field
 * shows the day's digits in the reader's order ("27/11/2026", "11/27/2026", "2026-11-27"),
 * takes them typed in that order or as ISO, and has a calendar beside it. The form receives
 * the day key ("2026-11-27") under `name`; text that is no day is sent as typed, so the
 * schema refuses it with its message.
 */
export function DateField({
  id,
  name,
  label,
  defaultValue,
  min,
  max,
  required,
  errors,
  className,
  form,
  autoFocus,
  onDayChange,
  orderError,
}: {
  id: string;
  name: string;
  label: string;
  /** A day key, or empty. */
  defaultValue?: string | null;
  /** Day keys the calendar keeps to (typed days are checked by the form's schema). */
  min?: string;
  max?: string;
  required?: boolean;
  errors?: string[];
  className?: string;
  form?: string;
  /** Focus this field when its dialog opens. */
  autoFocus?: boolean;
  /** Told the day whenever it changes (a readable day, or null): DateRangeFields keeps the two ends in order with it. */
  onDayChange?: (day: string | null) => void;
  /** The range's end is before its start (DateRangeFields): shown at once, and the form cannot be sent. */
  orderError?: string | null;
}) {
  const t = useT();
  const fmt = useFormat();
  const { hint } = numericDatePattern(fmt.locale, {
    day: t("dateField.dayLetters"),
    month: t("dateField.monthLetters"),
    year: t("dateField.yearLetters"),
  });
  const start = defaultValue ? defaultValue.slice(0, 10) : "";
  const [text, setText] = useState(start ? fmt.numericDate(start) : "");
  const [open, setOpen] = useState(false);
  // Where the calendar opens, from the field's left edge: under the field, kept inside the screen.
  const [left, setLeft] = useState(0);
  const [touched, setTouched] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const hintId = useId();

  const day = text.trim() ? parseNumericDate(text, fmt.locale) : null;
  const unreadable = text.trim() !== "" && day === null;
  const shownErrors = touched && unreadable ? [t("dateField.writeAs", { hint })] : orderError ? [orderError] : errors;
  const input = useRef<HTMLInputElement>(null);
  const dayChanged = useRef(onDayChange);
  dayChanged.current = onDayChange;
  useEffect(() => {
    dayChanged.current?.(day);
  }, [day]);
  useEffect(() => {
    // The browser refuses to send the form while the range is backwards, and says why.
    input.current?.setCustomValidity(orderError ?? "");
  }, [orderError]);

  useOutsidePointer(
    open,
    root,
    useCallback(() => setOpen(false), []),
  );

  const disabled: Matcher[] = [];
  if (min) disabled.push({ before: parseDayKey(min) });
  if (max) disabled.push({ after: parseDayKey(max) });

  return (
    <FieldFrame id={id} label={label} errors={shownErrors} className={className}>
      {(control, invalid) => (
        <div
          ref={root}
          className="relative mt-1"
          onKeyDown={(event) => {
            if (event.key === "Escape" && open) {
              event.stopPropagation();
              setOpen(false);
              button.current?.focus();
            }
          }}
        >
          <input type="hidden" name={name} value={day ?? text.trim()} form={form} />
          <input
            ref={input}
            {...control}
            aria-describedby={[control["aria-describedby"], hintId].filter(Boolean).join(" ")}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={hint}
            required={required}
            form={form}
            data-autofocus={autoFocus || undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setTouched(false);
            }}
            onBlur={() => {
              setTouched(true);
              // A day typed in any accepted way is shown back in the reader's own order.
              if (day) setText(fmt.numericDate(day));
            }}
            className={
              "block w-full rounded-md border-0 py-2 pr-11 pl-3 text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:outline-none sm:text-sm " +
              (invalid ? "ring-red-400 focus:ring-red-500" : "ring-slate-300 focus:ring-brand-500")
            }
          />
          <span id={hintId} className="sr-only">
            {hint}
          </span>
          <button
            ref={button}
            type="button"
            aria-label={t("dateField.calendarFor", { label: label.toLocaleLowerCase(fmt.locale) })}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => {
              const field = root.current!.getBoundingClientRect();
              const fits = Math.max(8, Math.min(field.left, window.innerWidth - 8 - CALENDAR_WIDTH));
              setLeft(fits - field.left);
              setOpen((o) => !o);
            }}
            className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-slate-500 hover:text-brand-700"
          >
            <Icon name="calendar" className="h-5 w-5" />
          </button>
          {open ? (
            <div id={panelId} style={{ left }} className="absolute top-full z-40 mt-2 rounded-lg bg-white p-3 shadow-lg ring-1 ring-slate-200">
              <SingleDayPicker
                selected={day ? parseDayKey(day) : undefined}
                month={day ? parseDayKey(day) : max ? parseDayKey(max) : undefined}
                disabled={disabled}
                onSelect={(picked) => {
                  if (picked) setText(fmt.numericDate(picked));
                  setTouched(true);
                  setOpen(false);
                  button.current?.focus();
                }}
              />
            </div>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}

/**
 * A range of days as two DateFields (issue 30, item 4): each calendar keeps to the other end
 * (the start's calendar stops at the end, the end's starts at the start), and an end typed
 * before the start is marked at once and keeps the form from being sent. Weeks start on
 * Monday, in the reader's language (components/day-picker.tsx).
 */
export function DateRangeFields({
  start,
  end,
  min,
  max,
  className,
}: {
  start: { id: string; name: string; label: string; defaultValue?: string | null; errors?: string[] };
  end: { id: string; name: string; label: string; defaultValue?: string | null; errors?: string[] };
  min?: string;
  max?: string;
  className?: string;
}) {
  const t = useT();
  const [from, setFrom] = useState<string | null>(start.defaultValue?.slice(0, 10) || null);
  const [to, setTo] = useState<string | null>(end.defaultValue?.slice(0, 10) || null);
  // As the servers say it (statistics, find people, the activity).
  const backwards = from && to && to < from ? t("dateField.endBeforeStart") : null;
  const earliest = (a?: string | null, b?: string | null) => (a && b ? (a < b ? a : b) : (a ?? b ?? undefined));
  const latest = (a?: string | null, b?: string | null) => (a && b ? (a > b ? a : b) : (a ?? b ?? undefined));
  return (
    <>
      <DateField {...start} min={min} max={earliest(max, to)} onDayChange={setFrom} className={className} />
      <DateField {...end} min={latest(min, from)} max={max} onDayChange={setTo} orderError={backwards} className={className} />
    </>
  );
}
