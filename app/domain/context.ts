import type { Actor } from "~/auth/actor.types";
import type { Db } from "~/db/client";
import type { LoadContext } from "~/env";
import { closeSessionSockets, createPublisher, type Publish } from "~/realtime/publish.server";
import type { SocketsToClose } from "~/realtime/room.types";
import { todayFor } from "./today";

/** What every domain function gets first: who acts, for which company, and when. */
export interface DomainContext {
  db: Db;
  actor: Actor;
  companyId: string;
  now: Date;
  /** The actor's today: the day `now` falls on in their time zone (todayFor). */
  today: Date;
  publish: Publish;
  /** Closes realtime sockets of sessions that ended (in the actor's company), after the response. */
  closeSockets: (which: SocketsToClose) => void;
  /** The client's realtime session id, echoed in events so it can ignore its own. */
  clientSessionId?: string | null;
}

export function domainCtx(context: LoadContext, actor: Actor, clientSessionId?: string | null, now = new Date()): DomainContext {
  return {
    db: context.db,
    actor,
    companyId: actor.company.id,
    now,
    today: todayFor(actor, now),
    publish: createPublisher(context.env, context.ctx),
    closeSockets: (which) => closeSessionSockets(context, actor.company.id, which),
    clientSessionId,
  };
}
