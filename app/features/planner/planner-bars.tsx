import clsx from "clsx";
import type { KeyboardEvent } from "react";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import type { PlannerData } from "~/domain/planner/planner.types";
import { spanOf, type DayColumn } from "~/domain/planner/timeline";
import { workloadColorClass } from "~/domain/workload/levels";
import { useT, type Translate } from "~/lib/i18n/i18n";
import { workloadLabel } from "~/lib/i18n/workload";
import { WorkloadLegend } from "~/components/workload-legend";
import { formatRange } from "~/components/day-picker";
import { useFormat } from "~/lib/format";

/** What the planner draws on a row: its bars, the day backgrounds, a drag's selection, and the colour legend. */

export type Person = PlannerData["people"][number];

/** A bar on a row: a forecast, a vacation, or the virtual 'today' placeholder. */
export interface Item {
  key: string;
  kind: "forecast" | "vacation" | "today";
  person: Person;
  forecast?: ApiForecast;
  startDate: string;
  endDate: string;
  status: string | null;
  comment: string | null;
  editable: boolean;
}

/** The days a drag covers on a row, before it is saved. */
export interface Preview {
  personId: string;
  itemKey?: string;
  startDate: string;
  endDate: string;
}

/** Long-away rule: an away item with a comment of 18 characters or fewer shows the comment as its title. */
function itemText(t: Translate, item: Item) {
  if (item.kind === "vacation") return { title: t("forecast.vacation"), detail: null, source: null, sourceName: null };
  const away = item.status === "away";
  const label = workloadLabel(t, away ? null : item.status, away);
  // Where the days come from, when not from the person (an Outlook calendar, decision 0304).
  const sourceName = item.forecast?.externalSource ?? null;
  const source = sourceName ? t("forecast.fromSource", { source: sourceName }) : null;
  if (away && item.comment && item.comment.length <= 18) return { title: item.comment, detail: source, source, sourceName };
  return { title: label, detail: item.comment ?? source, source, sourceName };
}

/** The bar's name for screen readers and its tooltip: who, what, when, and where it comes from. */
function itemLabel(t: Translate, item: Item, text: ReturnType<typeof itemText>, range: string) {
  const { title, detail, source, sourceName } = text;
  return t("planner.barLabel", {
    name: item.person.name,
    today: item.kind === "today" ? "yes" : "no",
    title,
    detail: detail ? `, ${detail}` : "",
    range,
    source: source && detail !== source && sourceName ? t("planner.barSource", { source: sourceName }) : "",
    readOnly: item.editable ? "no" : "yes",
  });
}

export function DayBackground({ columns, todayKey }: { columns: DayColumn[]; todayKey?: string }) {
  return (
    <>
      {columns.map((c) =>
        c.weekend || c.key === todayKey ? (
          <div
            key={c.key}
            aria-hidden="true"
            className={clsx("absolute top-0 h-full", c.weekend ? "bg-slate-100" : "bg-brand-50")}
            style={{ left: c.left, width: c.width }}
          />
        ) : null,
      )}
    </>
  );
}

export function Selection({ columns, preview, phone }: { columns: DayColumn[]; preview: Preview; phone: boolean }) {
  const span = spanOf(columns, preview.startDate, preview.endDate);
  if (!span) return null;
  return (
    <div
      data-testid="planner-selection"
      className={clsx("absolute rounded-md bg-brand-200/70 ring-2 ring-brand-500", phone ? "top-1 h-8" : "top-1.5 h-[38px]")}
      style={{ left: span.left, width: span.width }}
    />
  );
}

/** Text widths for the bars, measured with the page's font (one canvas for the planner). */
let measureContext: CanvasRenderingContext2D | null | undefined;
function textWidth(text: string, font: string): number {
  if (measureContext === undefined) measureContext = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  if (!measureContext) return text.length * 7;
  measureContext.font = `${font} ${getComputedStyle(document.body).fontFamily}`;
  return measureContext.measureText(text).width;
}

/**
 * A bar on a row. Its colour is the status; the status and comment are its tooltip and
 * accessible name, and show as text only where they fit whole (no 'Se…'): a short bar is
 * colour alone (decision 0075).
 */
export function Bar({
  item,
  columns,
  phone,
  small,
  dragging,
  onOpen,
  onKey,
}: {
  item: Item;
  columns: DayColumn[];
  phone: boolean;
  /** Under 400 px: the smallest bar text. */
  small: boolean;
  dragging: boolean;
  onOpen: () => void;
  onKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const span = spanOf(columns, item.startDate, item.endDate);
  if (!span) return null;
  const text = itemText(t, item);
  const { title, detail } = text;
  const away = item.status === "away";
  const range = formatRange(item.startDate, item.endDate, fmt);
  const label = itemLabel(t, item, text, range);
  const width = Math.max(span.width - 2, 6);
  // px-1.5 on both sides, and a pixel to spare.
  const room = width - 13;
  // Bar text: 12/11 px, 11/10 px under 600 px, 10/9 px under 400 px.
  const [titlePx, detailPx] = small ? [10, 9] : phone ? [11, 10] : [12, 11];
  const showTitle = textWidth(title, `500 ${titlePx}px`) <= room;
  const showDetail = Boolean(detail) && textWidth(detail!, `400 ${detailPx}px`) <= room;
  return (
    <div
      data-item={item.key}
      data-testid={item.kind === "today" ? "planner-today" : item.kind === "vacation" ? "planner-vacation" : "planner-item"}
      data-start={item.startDate.slice(0, 10)}
      data-end={item.endDate.slice(0, 10)}
      data-editable={item.editable ? "true" : "false"}
      className={clsx("absolute", phone ? "top-1 h-8" : "top-1.5 h-[38px]", dragging && "z-10 opacity-90 shadow-lg")}
      style={{ left: span.left + 1, width, touchAction: item.editable ? "none" : "pan-y" }}
    >
      <button
        type="button"
        aria-label={label}
        title={label}
        onClick={onOpen}
        onKeyDown={onKey}
        className={clsx(
          "flex h-full w-full flex-col justify-center overflow-hidden rounded-md px-1.5 text-left leading-tight whitespace-nowrap text-slate-950 focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:outline-none",
          workloadColorClass(away ? null : item.status, away),
          item.kind === "today" &&
            "ring-2 ring-white ring-inset [background-image:repeating-linear-gradient(45deg,transparent,transparent_6px,rgba(255,255,255,.25)_6px,rgba(255,255,255,.25)_12px)]",
          item.editable ? "cursor-grab" : "cursor-default",
        )}
      >
        {showTitle ? (
          <span className="block font-medium" style={{ fontSize: titlePx }} data-testid="planner-item-title">
            {title}
          </span>
        ) : null}
        {showDetail && (showTitle || !phone) ? (
          <span className="block" style={{ fontSize: detailPx }} data-testid="planner-item-detail">
            {detail}
          </span>
        ) : null}
      </button>
      {item.editable && !span.clippedStart ? (
        <span data-handle="start" aria-hidden="true" className="absolute top-0 left-0 h-full w-2 cursor-ew-resize rounded-l-md hover:bg-black/15" />
      ) : null}
      {item.editable && !span.clippedEnd ? (
        <span data-handle="end" aria-hidden="true" className="absolute top-0 right-0 h-full w-2 cursor-ew-resize rounded-r-md hover:bg-black/15" />
      ) : null}
    </div>
  );
}

/** What the colours mean: short bars carry no text. */
export function Legend() {
  const t = useT();
  return <WorkloadLegend label={t("planner.colours")} className="mt-2" testId="planner-legend" />;
}
