import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { clientSessionId } from "./client-session";
import { companyRoomParty, type RealtimeEvent } from "./events";
import { openRoomSocket } from "./room-socket";

async function socketTicket(): Promise<Record<string, string>> {
  const response = await fetch("/api/v2/realtime/ticket", { method: "POST", credentials: "same-origin" });
  if (!response.ok) throw new Error(`no realtime ticket: ${response.status}`);
  const { ticket } = (await response.json()) as { ticket: string };
  return { ticket };
}

/** The open Activity page's listeners (useActivityPings): the room's ACTIVITY pings go to them only. */
const activityListeners = new Set<() => void>();

/** Calls `heard` when something in the company is audited, while the calling component is mounted. */
export function useActivityPings(heard: () => void) {
  const current = useRef(heard);
  current.current = heard;
  useEffect(() => {
    const listener = () => current.current();
    activityListeners.add(listener);
    return () => {
      activityListeners.delete(listener);
    };
  }, []);
}

/** Events arriving close together cause one refetch, about 100 ms after the first. */
const REFETCH_DELAY_MS = 100;

/**
 * Keeps the page's data live: joins the company's room and revalidates the loaders when
 * a colleague changes something, ignoring the echo of this tab's own writes. After a
 * reconnect everything is refetched, since events may have been missed meanwhile.
 */
export function useCompanyRoom(companyId: string, onEvent?: (event: RealtimeEvent) => void) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // A refetch started while a navigation or a form's submission is under way can cut it short:
  // a form whose action redirects (Add project to the new project's page) stayed on the list
  // when the echo of its own write arrived before the redirect was followed. It waits instead.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = useRef(false);
  busy.current = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const listener = useRef(onEvent);
  listener.current = onEvent;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const schedule = () => {
      timer ??= setTimeout(() => {
        timer = null;
        if (busy.current) schedule();
        else revalidate.current();
      }, REFETCH_DELAY_MS);
    };
    // Every (re)connect asks for a fresh single-use ticket: the long-lived session never
    // appears in a socket URL (where proxies and logs would keep it).
    let connectedBefore = false;
    const socket = openRoomSocket({
      host: window.location.host,
      party: companyRoomParty,
      room: companyId,
      query: socketTicket,
      onOpen: () => {
        if (connectedBefore) schedule();
        connectedBefore = true;
        document.documentElement.dataset.realtime = "connected";
      },
      onClose: () => {
        document.documentElement.dataset.realtime = "disconnected";
      },
      onMessage: (data) => {
        let event: RealtimeEvent;
        try {
          event = JSON.parse(String(data));
        } catch {
          return;
        }
        if (event.type === "ACTIVITY") {
          // Only the Activity page listens; nothing else refetches for it.
          for (const heard of activityListeners) heard();
          return;
        }
        if (
          event.type !== "UPDATE_USER" &&
          event.type !== "UPDATE_FORECASTS_FOR_USER" &&
          event.type !== "UPDATE_MATTER_MANAGER" &&
          event.type !== "UPDATE_PROJECT"
        )
          return;
        if (event.sessionId && event.sessionId === clientSessionId()) return;
        listener.current?.(event);
        schedule();
      },
    });
    return () => {
      if (timer) clearTimeout(timer);
      socket.close();
    };
  }, [companyId]);
}
