import { type Connection, type ConnectionContext, getServerByName, Server } from "partyserver";
import type { Env } from "~/env";
import { toBase64Url } from "~/lib/base64url";
import {
  OWNER_HEADER,
  ROOM_MOVED,
  SESSION_ENDED,
  type RedeemedTicket,
  type RoomCounts,
  type SocketOwner,
  type SocketsToClose,
} from "~/realtime/room.types";

/** Open sockets in one firm past which its new sockets go to office rooms (decision 0309). */
export const DEFAULT_SPLIT_SOCKETS = 5000;
/** Between the firm room and an office room's name: never in a company id, refused in a socket URL. */
export const OFFICE_ROOM_SEPARATOR = "~";
/** Once split, the firm room asks this many of its sockets at a time to move to their office rooms... */
const MOVE_BATCH = 100;
/** ...this often, so a firm's tabs reconnect (and refetch) spread out, not all at once. */
const MOVE_EVERY_MS = 5000;
/** An office room that was just handed a socket gets events before it has reported the socket. */
const PENDING_MS = 60_000;

interface OfficeRoomState {
  count: number;
  pendingUntil: number;
}

/**
 * The realtime rooms of a company. The firm room (named by the company id) issues and redeems
 * the tickets, holds every socket while the firm has fewer than ROOM_SPLIT_SOCKETS open
 * (default 5,000), and past that hands new sockets to a room per office (named
 * `{companyId}~{officeId}`) and moves its own there, a batch at a time. Every event is
 * published to the firm room, which sends it to its sockets and passes it on to each office
 * room with sockets; closing a session's sockets reaches every room (decision 0309).
 * Browsers connect after the Worker has redeemed their ticket here and checked the session
 * (see workers/app.ts).
 */
export class CompanyRoom extends Server<Env> {
  static options = { hibernate: true };

  private get officeId(): string | null {
    const at = this.name.indexOf(OFFICE_ROOM_SEPARATOR);
    return at === -1 ? null : this.name.slice(at + 1);
  }

  private get companyId(): string {
    const at = this.name.indexOf(OFFICE_ROOM_SEPARATOR);
    return at === -1 ? this.name : this.name.slice(0, at);
  }

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const owner = readOwner(ctx.request);
    if (!owner) return [];
    return [`session:${owner.sessionId}`, `user:${owner.userId}`, ...(owner.officeId ? [`office:${owner.officeId}`] : [])];
  }

  async onConnect(connection: Connection, ctx: ConnectionContext) {
    if (!readOwner(ctx.request)) {
      connection.close(SESSION_ENDED, "No session");
      return;
    }
    // Before the socket hears that it is connected (and the browser refetches after a move),
    // the firm room knows this office room has it.
    if (this.officeId) await this.reportToFirm();
    connection.send(JSON.stringify({ type: "CONNECTED" }));
  }

  async onClose() {
    if (this.officeId) await this.reportToFirm();
  }

  onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    // Clients only listen; a ping keeps proxies from closing idle sockets.
    if (message === "ping") connection.send("pong");
  }

  /** Sends the event to this room's sockets and, from the firm room, to every office room with sockets. */
  async broadcastEvent(message: string): Promise<void> {
    this.broadcast(message);
    if (this.officeId) return;
    const now = Date.now();
    const offices = [...(await this.officeRooms())].filter(([, room]) => room.count > 0 || room.pendingUntil > now).map(([id]) => id);
    if (offices.length) await Promise.all(offices.map(async (id) => (await this.officeRoom(id)).broadcastEvent(message)));
  }

  async issueTicket(owner: SocketOwner, expiresAt: number): Promise<string> {
    const ticket = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
    await this.ctx.storage.put(`ticket:${ticket}`, { ...owner, expiresAt });
    return ticket;
  }

  /**
   * Single use: the ticket is gone once read, in the object's one thread of execution. Says
   * which room the socket joins: this one, or (once the firm has split) its owner's office room.
   */
  async redeemTicket(ticket: string, now: number): Promise<RedeemedTicket | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return null;
    const key = `ticket:${ticket}`;
    const stored = await this.ctx.storage.get<SocketOwner & { expiresAt: number }>(key);
    if (!stored) return null;
    await this.ctx.storage.delete(key);
    if (stored.expiresAt <= now) return null;
    await this.sweepTickets(now);
    const owner: SocketOwner = { sessionId: stored.sessionId, userId: stored.userId, officeId: stored.officeId ?? null };
    if (!(await this.updateSplit(1)) || !owner.officeId) return { owner, room: this.name };
    const rooms = await this.officeRooms();
    const room = rooms.get(owner.officeId) ?? { count: 0, pendingUntil: 0 };
    await this.ctx.storage.put(`office:${owner.officeId}`, { ...room, pendingUntil: now + PENDING_MS });
    return { owner, room: `${this.name}${OFFICE_ROOM_SEPARATOR}${owner.officeId}` };
  }

  /** An office room's open sockets, as it reports them when one opens or closes. */
  async reportOfficeRoom(officeId: string, count: number): Promise<void> {
    const room = (await this.ctx.storage.get<OfficeRoomState>(`office:${officeId}`)) ?? { count: 0, pendingUntil: 0 };
    await this.ctx.storage.put(`office:${officeId}`, { ...room, count });
    await this.updateSplit(0);
  }

  /** Where the firm's sockets are: this room's, and each office room's as last reported. */
  async roomCounts(): Promise<RoomCounts> {
    const offices: Record<string, number> = {};
    for (const [id, room] of await this.officeRooms()) if (room.count > 0) offices[id] = room.count;
    return { split: (await this.ctx.storage.get<boolean>("split")) === true, firm: this.openSockets().length, offices };
  }

  async closeSockets(which: SocketsToClose): Promise<void> {
    const targets =
      "sessionIds" in which
        ? which.sessionIds.flatMap((id) => [...this.getConnections(`session:${id}`)])
        : [...this.getConnections(`user:${which.userId}`)].filter(
            (c) => !which.exceptSessionId || !c.tags.includes(`session:${which.exceptSessionId}`),
          );
    for (const connection of targets) connection.close(SESSION_ENDED, "Session ended");
    if (this.officeId) return;
    // Every office room the firm ever handed a socket to, empty or not: a count is reported
    // after the socket opened, and a session's socket must not slip through in between.
    const offices = [...(await this.officeRooms()).keys()];
    await Promise.all(offices.map(async (id) => (await this.officeRoom(id)).closeSockets(which)));
  }

  /** Once split: a batch of this room's sockets (those of people with an office) is asked to move. */
  async onAlarm() {
    if ((await this.ctx.storage.get<boolean>("split")) !== true) return;
    const movable = this.openSockets().filter((ws) => this.ctx.getTags(ws).some((tag) => tag.startsWith("office:")));
    for (const ws of movable.slice(0, MOVE_BATCH)) ws.close(ROOM_MOVED, "Moved to the office room");
    // They are on their way to their office rooms: not a reason to join the firm up again.
    if (movable.length) await this.ctx.storage.put("movingUntil", Date.now() + PENDING_MS);
    if (movable.length > MOVE_BATCH) await this.ctx.storage.setAlarm(Date.now() + MOVE_EVERY_MS);
  }

  /**
   * Whether the firm is split, with `joining` sockets about to open: it splits when its open
   * sockets would pass the threshold and joins again below half of it (so a firm at the threshold
   * does not flip back and forth, nor while the sockets it moved are on their way).
   */
  private async updateSplit(joining: number): Promise<boolean> {
    const configured = this.env.ROOM_SPLIT_SOCKETS ? Number(this.env.ROOM_SPLIT_SOCKETS) : NaN;
    // 0 splits at the first socket (the fan-out bench's split firm).
    const threshold = Number.isFinite(configured) && configured >= 0 ? configured : DEFAULT_SPLIT_SOCKETS;
    const wasSplit = (await this.ctx.storage.get<boolean>("split")) === true;
    if (wasSplit && ((await this.ctx.storage.get<number>("movingUntil")) ?? 0) > Date.now()) return true;
    let total = this.openSockets().length + joining;
    if (!wasSplit && total <= threshold) return false;
    for (const room of (await this.officeRooms()).values()) total += room.count;
    const split = wasSplit ? total >= threshold / 2 : total > threshold;
    if (split !== wasSplit) {
      await this.ctx.storage.put("split", split);
      if (split) await this.ctx.storage.setAlarm(Date.now() + MOVE_EVERY_MS);
    }
    return split;
  }

  private async reportToFirm() {
    const firm = await getServerByName(this.env.Company as unknown as DurableObjectNamespace<CompanyRoom>, this.companyId);
    await firm.reportOfficeRoom(this.officeId!, this.openSockets().length);
  }

  private async officeRooms(): Promise<Map<string, OfficeRoomState>> {
    const rooms = await this.ctx.storage.list<OfficeRoomState>({ prefix: "office:" });
    return new Map([...rooms].map(([key, value]) => [key.slice("office:".length), value]));
  }

  private officeRoom(officeId: string) {
    return getServerByName(this.env.Company as unknown as DurableObjectNamespace<CompanyRoom>, `${this.name}${OFFICE_ROOM_SEPARATOR}${officeId}`);
  }

  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  /** Tickets nobody redeemed go when the next one is. */
  private async sweepTickets(now: number) {
    const all = await this.ctx.storage.list<{ expiresAt: number }>({ prefix: "ticket:", limit: 100 });
    const stale = [...all].filter(([, value]) => value.expiresAt <= now).map(([key]) => key);
    if (stale.length) await this.ctx.storage.delete(stale);
  }
}

function readOwner(request: Request): SocketOwner | null {
  const header = request.headers.get(OWNER_HEADER);
  if (!header) return null;
  const [sessionId, userId, officeId] = header.split(" ");
  return sessionId && userId ? { sessionId, userId, officeId: officeId || null } : null;
}
