/**
 * The browser's connection to a PartyServer room: a WebSocket to /parties/{party}/{room}
 * that opens again after it drops, asking for a fresh query (the single-use ticket) before
 * every attempt. In place of partysocket (4.6 KiB gzip on every page's first load) with the
 * part of it this product uses: the same waits between attempts (a random 1–5 s first, then
 * 1.3 times longer each time, at most 10 s), an attempt given up after 4 s without opening,
 * and no end to the attempts while the page is open.
 */
export interface RoomSocketOptions {
  host: string;
  party: string;
  room: string;
  /** Asked before every attempt; a failure counts as a failed attempt. */
  query: () => Promise<Record<string, string>>;
  onOpen?: () => void;
  onClose?: () => void;
  onMessage?: (data: unknown) => void;
}

const MIN_DELAY_MS = 1000;
const RANDOM_DELAY_MS = 4000;
const MAX_DELAY_MS = 10_000;
const GROWTH = 1.3;
const CONNECT_TIMEOUT_MS = 4000;

export function openRoomSocket(options: RoomSocketOptions): { close: () => void } {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let failures = 0;

  const delay = () => (failures === 0 ? 0 : Math.min(MAX_DELAY_MS, (MIN_DELAY_MS + Math.random() * RANDOM_DELAY_MS) * GROWTH ** (failures - 1)));

  const retry = () => {
    if (closed) return;
    failures++;
    timer = setTimeout(connect, delay());
  };

  async function connect() {
    timer = null;
    let query: Record<string, string>;
    try {
      query = await options.query();
    } catch {
      retry();
      return;
    }
    if (closed) return;
    const protocol = window.location.protocol === "https:" ? "wss" : "ws";
    const url = `${protocol}://${options.host}/parties/${options.party}/${encodeURIComponent(options.room)}?${new URLSearchParams(query)}`;
    const current = new WebSocket(url);
    socket = current;
    let opened = false;
    const giveUp = setTimeout(() => {
      if (!opened) current.close();
    }, CONNECT_TIMEOUT_MS);
    current.addEventListener("open", () => {
      opened = true;
      failures = 0;
      clearTimeout(giveUp);
      options.onOpen?.();
    });
    current.addEventListener("message", (event: MessageEvent) => options.onMessage?.(event.data));
    current.addEventListener("close", () => {
      clearTimeout(giveUp);
      if (socket !== current) return;
      socket = null;
      if (opened) options.onClose?.();
      retry();
    });
  }

  void connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = socket;
      socket = null;
      current?.close();
    },
  };
}
