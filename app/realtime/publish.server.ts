import { getServerByName } from "partyserver";
import type { Env } from "~/env";
import type { RealtimeEvent } from "./events";
import type { CompanyRoom } from "../../workers/company-room";
import type { RedeemedTicket, SocketOwner, SocketsToClose } from "./room.types";

export type Publish = (companyId: string, event: RealtimeEvent) => void;

/** How long a socket ticket can be redeemed; it works once. */
export const SOCKET_TICKET_SECONDS = 30;

function room(env: Env, companyId: string) {
  return getServerByName(env.Company as unknown as DurableObjectNamespace<CompanyRoom>, companyId);
}

/**
 * Sends an event to the company's (firm) room after the response, which passes it on to its
 * office rooms once the firm has split (decision 0309), so a slow or failed
 * broadcast never delays or fails the write that caused it.
 */
export function createPublisher(env: Env, ctx: Pick<ExecutionContext, "waitUntil">): Publish {
  return (companyId, event) => {
    ctx.waitUntil(
      (async () => {
        await (await room(env, companyId)).broadcastEvent(JSON.stringify(event));
      })().catch((error) => console.error("realtime publish failed", error)),
    );
  };
}

/** A short-lived single-use ticket for the company's socket, kept by the company's room. */
export async function issueSocketTicket(env: Env, companyId: string, owner: SocketOwner): Promise<string> {
  return (await room(env, companyId)).issueTicket(owner, Date.now() + SOCKET_TICKET_SECONDS * 1000);
}

/**
 * The ticket's owner and the room its socket joins, once: a second redemption, an expired or
 * unknown ticket is null.
 */
export async function redeemSocketTicket(env: Env, companyId: string, ticket: string): Promise<RedeemedTicket | null> {
  return (await room(env, companyId)).redeemTicket(ticket, Date.now());
}

/**
 * Closes the sockets of sessions that ended (logout, password change or reset, deletion,
 * revocation, rotation). After the response: the session is already refused by then.
 */
export function closeSessionSockets(context: { env: Env; ctx: Pick<ExecutionContext, "waitUntil"> }, companyId: string, which: SocketsToClose) {
  context.ctx.waitUntil(
    (async () => {
      await (await room(context.env, companyId)).closeSockets(which);
    })().catch((error) => console.error("closing sockets failed", error)),
  );
}
