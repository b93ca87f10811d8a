import { type Connection, type ConnectionContext, Server } from "partyserver";
import { toBase64Url } from "~/lib/base64url";
import { OWNER_HEADER, SESSION_ENDED, type SocketOwner, type SocketsToClose } from "~/realtime/room.types";

/**
 * One room per company. Browsers connect after the Worker has redeemed their ticket here
 * and checked the session (see workers/app.ts); the room fans events out and closes a
 * session's sockets when the session ends.
 */
export class CompanyRoom extends Server {
  static options = { hibernate: true };

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const owner = readOwner(ctx.request);
    return owner ? [`session:${owner.sessionId}`, `user:${owner.userId}`] : [];
  }

  onConnect(connection: Connection, ctx: ConnectionContext) {
    if (!readOwner(ctx.request)) {
      connection.close(SESSION_ENDED, "No session");
      return;
    }
    connection.send(JSON.stringify({ type: "CONNECTED" }));
  }

  onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    // Clients only listen; a ping keeps proxies from closing idle sockets.
    if (message === "ping") connection.send("pong");
  }

  async broadcastEvent(message: string): Promise<void> {
    this.broadcast(message);
  }

  async issueTicket(owner: SocketOwner, expiresAt: number): Promise<string> {
    const ticket = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
    await this.ctx.storage.put(`ticket:${ticket}`, { ...owner, expiresAt });
    return ticket;
  }

  /** Single use: the ticket is gone once read, in the object's one thread of execution. */
  async redeemTicket(ticket: string, now: number): Promise<SocketOwner | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return null;
    const key = `ticket:${ticket}`;
    const stored = await this.ctx.storage.get<SocketOwner & { expiresAt: number }>(key);
    if (!stored) return null;
    await this.ctx.storage.delete(key);
    if (stored.expiresAt <= now) return null;
    await this.sweepTickets(now);
    return { sessionId: stored.sessionId, userId: stored.userId };
  }

  async closeSockets(which: SocketsToClose): Promise<void> {
    const targets =
      "sessionIds" in which
        ? which.sessionIds.flatMap((id) => [...this.getConnections(`session:${id}`)])
        : [...this.getConnections(`user:${which.userId}`)].filter(
            (c) => !which.exceptSessionId || !c.tags.includes(`session:${which.exceptSessionId}`),
          );
    for (const connection of targets) connection.close(SESSION_ENDED, "Session ended");
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
  const [sessionId, userId] = header.split(" ");
  return sessionId && userId ? { sessionId, userId } : null;
}
