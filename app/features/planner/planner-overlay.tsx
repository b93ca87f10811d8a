import { useVirtualizer } from "@tanstack/react-virtual";
import clsx from "clsx";
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { canEditAvailabilityOf, canEditForecast, isAdmin } from "~/auth/permissions";
import { Avatar } from "~/components/avatar";
import { Modal } from "~/components/dialog";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import type { PlannerData } from "~/domain/planner/planner.types";
import {
  dayIndexAt,
  isoWeek,
  layoutDays,
  layoutUnits,
  mondayOf,
  moveKeepingWeekdays,
  PLANNER,
  plannerDayCount,
  weekendOnlyDays,
} from "~/domain/planner/timeline";
import { addDays, isWeekend, parseDayKey } from "~/lib/dates";
import { formatRange } from "~/features/dashboard/day-picker";
import { PlannerEditor, type PlannerEditorState } from "./planner-editor";
import { Bar, DayBackground, Legend, Selection, type Item, type Person, type Preview } from "./planner-bars";
import { usePlannerData, type PlannerWrite } from "./use-planner-data";
import { useElementWidth, useViewportWidth } from "./use-widths";
import { useFormat } from "~/lib/format";

interface Drag {
  kind: "create" | "move" | "start" | "end";
  person: Person;
  item?: Item;
  pointerId: number;
  originX: number;
  originY: number;
  originDay: number;
  trackLeft: number;
  active: boolean;
}

const day = (iso: string) => iso.slice(0, 10);
const key = (date: Date) => date.toISOString().slice(0, 10);
const covers = (item: { startDate: string; endDate: string }, dayKey: string) => day(item.startDate) <= dayKey && day(item.endDate) >= dayKey;

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
  const fmt = useFormat();
  const viewport = useViewportWidth();
  const dayCount = plannerDayCount(viewport);
  // The week of the viewer's today (their office's day, from the server), not the browser's UTC day.
  const thisWeek = key(mondayOf(new Date(today)));
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
            Forecasts
          </h3>
          <div className="flex items-center gap-1" role="group" aria-label="Weeks">
            <button
              type="button"
              onClick={() => setStart(key(addDays(startDate, -7)))}
              aria-label={`Previous week, week ${isoWeek(addDays(startDate, -7))}`}
              className="rounded-md px-2 py-1 text-sm text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              ‹ W{isoWeek(addDays(startDate, -7))}
            </button>
            <span className="px-2 text-sm text-slate-700" data-testid="planner-range-heading">
              Week {week === isoWeek(endDate) ? week : `${week}–${isoWeek(endDate)}`}
              <span className="hidden sm:inline"> · {formatRange(start, key(endDate), fmt)}</span>
            </span>
            <button
              type="button"
              onClick={() => setStart(key(addDays(startDate, 7)))}
              aria-label={`Next week, week ${isoWeek(addDays(startDate, 7))}`}
              className="rounded-md px-2 py-1 text-sm text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              W{isoWeek(addDays(startDate, 7))} ›
            </button>
            <button type="button" onClick={() => setStart(thisWeek)} className="rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-50">
              This week
            </button>
          </div>
          <div className="ml-auto flex items-center gap-3">
            {busy ? (
              <span role="status" className="text-xs text-slate-500">
                Saving...
              </span>
            ) : null}
            {canAdd && me ? (
              <button
                type="button"
                onClick={() => setEditor({ mode: "add", person: me })}
                className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
              >
                Add forecast
              </button>
            ) : null}
          </div>
        </div>
        {error ? (
          <p role="alert" className="mt-2 flex items-center justify-between rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
            <button type="button" onClick={clearError} className="text-xs underline">
              Dismiss
            </button>
          </p>
        ) : null}
        {!data ? (
          <p className="mt-4 text-sm text-slate-500" role="status">
            Loading...
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

function Timeline({
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
  const fmt = useFormat();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [measureRef, width] = useElementWidth();
  const nameWidth = phone ? 0 : 200;
  const rowHeight = phone ? PLANNER.phoneRowHeight : PLANNER.rowHeight;
  const today = day(data.today);
  const settings = data.settings;
  const viewer = data.viewer;

  const itemsByPerson = useMemo(() => {
    const map = new Map<string, Item[]>();
    const people = new Map(data.people.map((p) => [p._id, p]));
    const push = (item: Item) => {
      const list = map.get(item.person._id) ?? [];
      list.push(item);
      map.set(item.person._id, list);
    };
    for (const f of forecasts) {
      const person = people.get(f.user);
      if (!person) continue;
      push({
        key: f._id,
        kind: "forecast",
        person,
        forecast: f,
        startDate: f.startDate,
        endDate: f.endDate,
        status: f.status,
        comment: f.comment,
        editable: canEditForecast(viewer, { userId: f.user, status: f.status, externalSource: f.externalSource }, settings),
      });
    }
    for (const v of data.vacations) {
      const person = people.get(v.user);
      if (person)
        push({ key: v._id, kind: "vacation", person, startDate: v.startDate, endDate: v.endDate, status: "away", comment: null, editable: false });
    }
    for (const person of data.people) {
      // The placeholder sits on this person's today (their office's zone), not the reader's.
      const personToday = day(person.today);
      const list = map.get(person._id) ?? [];
      const forecastToday = list.some((i) => i.kind === "forecast" && covers(i, personToday));
      if (forecastToday) continue;
      const away = person.onLeave || list.some((i) => i.kind === "vacation" && covers(i, personToday));
      const status = away ? "away" : person.currentWorkload === null ? null : String(person.currentWorkload);
      push({
        key: `today-${person._id}`,
        kind: "today",
        person,
        startDate: personToday,
        endDate: personToday,
        status,
        comment: null,
        editable: canEditAvailabilityOf(viewer, person._id, settings) && (settings.enableNewForecasting || status === "away"),
      });
    }
    return map;
  }, [data, forecasts, viewer, settings]);

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

  // Dragging ----------------------------------------------------------------------------
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const [preview, setPreview] = useState<Preview | null>(null);

  const rangeFor = useCallback(
    (d: Drag, dayIndex: number): Preview | null => {
      const target = columns[dayIndex];
      if (!target) return null;
      if (d.kind === "create") {
        const origin = columns[d.originDay];
        const [a, b] = origin.date <= target.date ? [origin, target] : [target, origin];
        return { personId: d.person._id, startDate: a.key, endDate: b.key };
      }
      const item = d.item!;
      const itemStart = parseDayKey(item.startDate);
      const itemEnd = parseDayKey(item.endDate);
      if (d.kind === "move") {
        let delta = dayIndex - d.originDay;
        let moved = moveKeepingWeekdays(itemStart, itemEnd, delta);
        // A bar dropped on a weekend starts on the Monday after it.
        while (isWeekend(moved.start) && delta !== 0) moved = moveKeepingWeekdays(itemStart, itemEnd, ++delta);
        return { personId: d.person._id, itemKey: item.key, startDate: key(moved.start), endDate: key(moved.end) };
      }
      if (d.kind === "start") {
        const next = target.date > itemEnd ? itemEnd : target.date;
        return { personId: d.person._id, itemKey: item.key, startDate: key(next), endDate: key(itemEnd) };
      }
      const next = target.date < itemStart ? itemStart : target.date;
      return { personId: d.person._id, itemKey: item.key, startDate: key(itemStart), endDate: key(next) };
    },
    [columns],
  );

  const commit = useCallback(
    (d: Drag, result: Preview) => {
      if (d.kind === "create") {
        onEdit({
          mode: "add",
          person: d.person,
          startDate: result.startDate,
          endDate: result.endDate,
          status: settings.enableNewForecasting ? null : "away",
        });
        return;
      }
      const item = d.item!;
      if (day(item.startDate) === result.startDate && day(item.endDate) === result.endDate) return;
      if (item.kind === "today") {
        // Dragging the placeholder makes it a forecast, without comment.
        void write({ intent: "create", userId: d.person._id, startDate: result.startDate, endDate: result.endDate, status: item.status ?? "0" });
      } else if (item.forecast) {
        void write({
          intent: "update",
          forecast: item.forecast,
          startDate: result.startDate,
          endDate: result.endDate,
          status: item.forecast.status,
          comment: item.forecast.comment,
        });
      }
    },
    [onEdit, settings.enableNewForecasting, write],
  );

  const onPointerDown = (event: PointerEvent<HTMLDivElement>, person: Person, rowEditable: boolean) => {
    if (event.button !== 0 || drag.current) return;
    const target = event.target as HTMLElement;
    const itemEl = target.closest<HTMLElement>("[data-item]");
    const track = event.currentTarget.getBoundingClientRect();
    const originDay = dayIndexAt(columns, event.clientX - track.left);
    let kind: Drag["kind"] = "create";
    let item: Item | undefined;
    if (itemEl) {
      item = itemsByPerson.get(person._id)?.find((i) => i.key === itemEl.dataset.item);
      if (!item?.editable) return;
      const handle = target.closest<HTMLElement>("[data-handle]")?.dataset.handle;
      kind = handle === "start" ? "start" : handle === "end" ? "end" : "move";
    } else if (!rowEditable) {
      return;
    }
    drag.current = {
      kind,
      person,
      item,
      pointerId: event.pointerId,
      originX: event.clientX,
      originY: event.clientY,
      originDay,
      trackLeft: track.left,
      active: false,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    if (!d.active) {
      if (Math.hypot(event.clientX - d.originX, event.clientY - d.originY) < PLANNER.dragThresholdPx) return;
      d.active = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      onDragChange(true);
    }
    const next = rangeFor(d, dayIndexAt(columns, event.clientX - d.trackLeft));
    setPreview((current) => (current && next && current.startDate === next.startDate && current.endDate === next.endDate ? current : next));
  };

  const finish = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!d.active) return;
    suppressClick.current = true;
    setTimeout(() => (suppressClick.current = false), 0);
    onDragChange(false);
    setPreview(null);
    const result = rangeFor(d, dayIndexAt(columns, event.clientX - d.trackLeft));
    if (!cancelled && result) commit(d, result);
  };

  // Keyboard on a focused bar ----------------------------------------------------------
  const onItemKey = (event: KeyboardEvent<HTMLButtonElement>, item: Item) => {
    if (!item.editable || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    const step = event.key === "ArrowLeft" ? -1 : 1;
    const s = parseDayKey(item.startDate);
    const e = parseDayKey(item.endDate);
    let next: { start: Date; end: Date };
    if (event.shiftKey) {
      const end = addDays(e, step);
      if (end < s) return;
      next = { start: s, end };
    } else {
      next = moveKeepingWeekdays(s, e, step);
    }
    commit(
      {
        kind: event.shiftKey ? "end" : "move",
        person: item.person,
        item,
        pointerId: -1,
        originX: 0,
        originY: 0,
        originDay: 0,
        trackLeft: 0,
        active: true,
      },
      {
        personId: item.person._id,
        itemKey: item.key,
        startDate: key(next.start),
        endDate: key(next.end),
      },
    );
  };

  const openItem = (item: Item) => {
    if (suppressClick.current || item.kind === "vacation" || !item.editable) return;
    if (item.kind === "today") onEdit({ mode: "today", person: item.person, startDate: item.startDate, endDate: item.endDate, status: item.status });
    else onEdit({ mode: "edit", person: item.person, forecast: item.forecast });
  };

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
                {data.people.length} people
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
          <div role="list" aria-label="People">
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
                        aria-label={`Add forecast for ${person.name}`}
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
      <p className="mt-2 text-xs text-slate-600">
        Drag on an empty part of your row to add a forecast, drag a bar to move it and its edges to change its dates. With the keyboard: Enter opens a
        bar, arrow keys move it by a day, Shift+arrows change its end date.
      </p>
    </div>
  );
}
