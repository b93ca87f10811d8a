/** What the Worker, the domain and the company room (workers/company-room.ts) say to each other about sockets. */

/** Who a socket belongs to; the Worker puts it on the connect request after checking the ticket. */
export interface SocketOwner {
  sessionId: string;
  userId: string;
  /** The person's office when the ticket was issued: a split firm's socket joins its room (decision 0309). */
  officeId?: string | null;
}

/** A redeemed ticket: whose socket it is, and the name of the room (firm or office) it joins. */
export interface RedeemedTicket {
  owner: SocketOwner;
  room: string;
}

/** Where a firm's sockets are (the firm room's roomCounts). */
export interface RoomCounts {
  split: boolean;
  firm: number;
  offices: Record<string, number>;
}

/** Sockets to close: those of some sessions, or all of a person's but one session's. */
export type SocketsToClose = { sessionIds: string[] } | { userId: string; exceptSessionId?: string };

export const OWNER_HEADER = "X-Availability-Socket-Owner";
/** The close code a browser sees when its session has ended (4000-4999 are the application's). */
export const SESSION_ENDED = 4001;
/** The close code of a socket the firm room moves to its office room: the browser joins again (and refetches). */
export const ROOM_MOVED = 4002;
