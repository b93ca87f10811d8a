import { useVirtualizer } from "@tanstack/react-virtual";
import clsx from "clsx";
import { useEffect, useMemo, useRef } from "react";
import { canEditAvailabilityOf } from "~/auth/permissions";
import { Avatar } from "~/components/avatar";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import type { PlannerData } from "~/domain/planner/planner.types";
import { layoutDays, layoutUnits, PLANNER, weekendOnlyDays } from "~/domain/planner/timeline";
import { dayKey } from "~/lib/dates";
import { useFormat } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";
import { Bar, DayBackground, Legend, Selection } from "./planner-bars";
import type { PlannerEditorState } from "./planner-editor";
import { plannerItems } from "./planner-items";
import type { PlannerWrite } from "./use-planner-data";
import { usePlannerDrag } from "./use-planner-drag";
import { useElementWidth } from "./use-widths";

/**
 * The planner's grid: the day header and one row per person (virtualised), each with its
 * name, its '+' button and its track of bars (planner-bars.tsx); the drag and keyboard
 * handling is usePlannerDrag's, what a row shows is plannerItems'.
 */
export function Timeline({
  data,
  forecasts,
  start,
  dayCount,
  phone,
  small,
  write,
  onEdit,
  onDragChange,
}: {
  data: PlannerData;
  forecasts: ApiForecast[];
  start: Date;
  dayCount: number;
  /** Phone layout: one week fills the width, the name sits above the bar row. */
  phone: boolean;
  /** Under 400 px the bar text shrinks once more (spec: breakpoints at 600 and 400 px). */
  small: boolean;
  write: (change: PlannerWrite) => Promise<unknown>;
  onEdit: (state: PlannerEditorState) => void;
  onDragChange: (dragging: boolean) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [measureRef, width] = useElementWidth();
  const nameWidth = phone ? 0 : 200;
  const rowHeight = phone ? PLANNER.phoneRowHeight : PLANNER.rowHeight;
  const today = dayKey(data.today);
  const settings = data.settings;
  const viewer = data.viewer;

  const itemsByPerson = useMemo(() => plannerItems(data, forecasts), [data, forecasts]);

  // A weekend day holding an item with no weekday in view is as wide as a weekday (decision 0075).
  const wide = useMemo(() => weekendOnlyDays(start, dayCount, [...itemsByPerson.values()].flat()), [start, dayCount, itemsByPerson]);
  const wideKey = [...wide].join();
  // Below a weekday of 36 px the track scrolls sideways rather than shrink further.
  const units = useMemo(() => layoutUnits(start, dayCount, wide), [start, dayCount, wideKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const trackWidth = phone ? Math.max(width, 0) : Math.max(width - nameWidth, Math.ceil(units * 36));
  const columns = useMemo(() => layoutDays(start, dayCount, Math.max(trackWidth, 0), wide), [start, dayCount, trackWidth, wideKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const virtualizer = useVirtualizer({
    count: data.people.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  const { preview, onPointerDown, onPointerMove, finish, onItemKey, openItem } = usePlannerDrag({
    columns,
    itemsByPerson,
    enableNewForecasting: settings.enableNewForecasting,
    write,
    onEdit,
    onDragChange,
  });

  const headerHeight = 40;
  const listHeight = Math.min(PLANNER.listHeight, data.people.length * rowHeight + headerHeight);
  const todayColumn = columns.find((c) => c.key === today);

  return (
    <div ref={measureRef} className="mt-3">
      <div
        ref={scrollRef}
        className="relative overflow-auto rounded-md ring-1 ring-slate-200 select-none"
        style={{ height: listHeight, maxHeight: "calc(100vh - 12rem)" }}
        data-testid="planner-scroll"
      >
        <div style={{ width: nameWidth + trackWidth, height: virtualizer.getTotalSize() + headerHeight, position: "relative" }}>
          <div className="sticky top-0 z-20 flex border-b border-slate-200 bg-white" style={{ height: headerHeight, width: nameWidth + trackWidth }}>
            {phone ? null : (
              <div className="sticky left-0 z-10 flex items-center bg-white px-2 text-xs font-medium text-slate-500" style={{ width: nameWidth }}>
                {t("common.peopleCount", { count: data.people.length })}
              </div>
            )}
            <div className="relative" style={{ width: trackWidth }} aria-hidden="true">
              {columns.map((c) => (
                <div
                  key={c.key}
                  data-day={c.key}
                  className={clsx(
                    "absolute top-0 flex h-full flex-col items-center justify-center overflow-hidden text-[11px] leading-tight",
                    c.key === today ? "font-semibold text-brand-700" : "text-slate-500",
                  )}
                  style={{ left: c.left, width: c.width }}
                >
                  {c.width < 20 ? null : (
                    <>
                      <span>{fmt.weekdayShort(c.date)}</span>
                      <span>{c.date.getUTCDate()}</span>
                    </>
                  )}
                </div>
              ))}
            </div>
          </div>
          <div role="list" aria-label={t("overview.people")}>
            {virtualizer.getVirtualItems().map((row) => {
              const person = data.people[row.index];
              const rowEditable = canEditAvailabilityOf(viewer, person._id, settings);
              const items = itemsByPerson.get(person._id) ?? [];
              const rowPreview = preview?.personId === person._id ? preview : null;
              return (
                <div
                  key={person._id}
                  role="listitem"
                  aria-label={person.name}
                  data-testid="planner-row"
                  data-person={person._id}
                  className={clsx("absolute left-0 flex border-b border-slate-100", phone && "flex-col")}
                  style={{ top: headerHeight + row.start, height: rowHeight, width: nameWidth + trackWidth }}
                >
                  <div
                    className={clsx("sticky left-0 z-10 flex items-center gap-2 bg-white px-2", phone && "h-6 pt-1")}
                    style={phone ? { width: trackWidth } : { width: nameWidth }}
                    data-testid="planner-name"
                  >
                    {phone ? null : <Avatar name={person.name} src={person.picture} size="sm" />}
                    <span className={clsx("min-w-0 flex-1", phone && "flex items-baseline gap-2")}>
                      <span className="block truncate text-sm font-medium text-slate-900">{person.name}</span>
                      <span className="block truncate text-xs text-slate-500">{person.title}</span>
                    </span>
                    {rowEditable ? (
                      <button
                        type="button"
                        aria-label={t("planner.addFor", { name: person.name })}
                        onClick={() => onEdit({ mode: "add", person, status: settings.enableNewForecasting ? null : "away" })}
                        className="shrink-0 rounded px-1.5 text-base leading-6 text-brand-700 hover:bg-brand-50"
                      >
                        +
                      </button>
                    ) : null}
                  </div>
                  <div
                    className={clsx("relative", phone && "flex-1", rowEditable && "cursor-crosshair")}
                    style={{ width: trackWidth, touchAction: "pan-y" }}
                    data-testid="planner-track"
                    onPointerDown={(e) => onPointerDown(e, person, rowEditable)}
                    onPointerMove={onPointerMove}
                    onPointerUp={(e) => finish(e, false)}
                    onPointerCancel={(e) => finish(e, true)}
                  >
                    <DayBackground columns={columns} todayKey={todayColumn?.key} />
                    {items.map((item) => {
                      const shown =
                        rowPreview?.itemKey === item.key ? { ...item, startDate: rowPreview.startDate, endDate: rowPreview.endDate } : item;
                      return (
                        <Bar
                          key={item.key}
                          item={shown}
                          columns={columns}
                          phone={phone}
                          small={small}
                          dragging={rowPreview?.itemKey === item.key}
                          onOpen={() => openItem(item)}
                          onKey={(e) => onItemKey(e, item)}
                        />
                      );
                    })}
                    {rowPreview && !rowPreview.itemKey ? <Selection columns={columns} preview={rowPreview} phone={phone} /> : null}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <Legend />
      <p className="mt-2 text-xs text-slate-600">{t("planner.help")}</p>
    </div>
  );
}
