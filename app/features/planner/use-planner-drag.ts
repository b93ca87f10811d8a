import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { dayIndexAt, moveKeepingWeekdays, PLANNER, type DayColumn } from "~/domain/planner/timeline";
import { addDays, dayKey, isWeekend, parseDayKey } from "~/lib/dates";
import type { Item, Person, Preview } from "./planner-bars";
import type { PlannerEditorState } from "./planner-editor";
import type { PlannerWrite } from "./use-planner-data";

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

/**
 * The planner's hands on its rows: a drag on an empty part of a row picks days for a new
 * forecast (the editor opens with them), a drag on a bar moves it (after 5 px; the number of
 * weekdays is kept) and on its edges changes its dates; on a focused bar the arrow keys move
 * it by a day and Shift+arrows change its end. `preview` is the drag's days before saving.
 */
export function usePlannerDrag({
  columns,
  itemsByPerson,
  enableNewForecasting,
  write,
  onEdit,
  onDragChange,
}: {
  columns: DayColumn[];
  itemsByPerson: Map<string, Item[]>;
  enableNewForecasting: boolean;
  write: (change: PlannerWrite) => Promise<unknown>;
  onEdit: (state: PlannerEditorState) => void;
  onDragChange: (dragging: boolean) => void;
}) {
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
        return { personId: d.person._id, itemKey: item.key, startDate: dayKey(moved.start), endDate: dayKey(moved.end) };
      }
      if (d.kind === "start") {
        const next = target.date > itemEnd ? itemEnd : target.date;
        return { personId: d.person._id, itemKey: item.key, startDate: dayKey(next), endDate: dayKey(itemEnd) };
      }
      const next = target.date < itemStart ? itemStart : target.date;
      return { personId: d.person._id, itemKey: item.key, startDate: dayKey(itemStart), endDate: dayKey(next) };
    },
    [columns],
  );

  const commit = useCallback(
    (d: Pick<Drag, "kind" | "person" | "item">, result: Preview) => {
      if (d.kind === "create") {
        onEdit({
          mode: "add",
          person: d.person,
          startDate: result.startDate,
          endDate: result.endDate,
          status: enableNewForecasting ? null : "away",
        });
        return;
      }
      const item = d.item!;
      if (dayKey(item.startDate) === result.startDate && dayKey(item.endDate) === result.endDate) return;
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
    [onEdit, enableNewForecasting, write],
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
      { kind: event.shiftKey ? "end" : "move", person: item.person, item },
      { personId: item.person._id, itemKey: item.key, startDate: dayKey(next.start), endDate: dayKey(next.end) },
    );
  };

  const openItem = (item: Item) => {
    if (suppressClick.current || item.kind === "vacation" || !item.editable) return;
    if (item.kind === "today") onEdit({ mode: "today", person: item.person, startDate: item.startDate, endDate: item.endDate, status: item.status });
    else onEdit({ mode: "edit", person: item.person, forecast: item.forecast });
  };

  return { preview, onPointerDown, onPointerMove, finish, onItemKey, openItem };
}
