/** What the Worker, the domain and the company room (workers/company-room.ts) say to each other about sockets. */

/** Who a socket belongs to; the Worker puts it on the connect request after checking the ticket. */
export interface SocketOwner {
  sessionId: string;
  userId: string;
}

/** Sockets to close: those of some sessions, or all of a person's but one session's. */
export type SocketsToClose = { sessionIds: string[] } | { userId: string; exceptSessionId?: string };

export const OWNER_HEADER = "X-Availability-Socket-Owner";
/** The close code a browser sees when its session has ended (4000-4999 are the application's). */
export const SESSION_ENDED = 4001;
