import { eq } from "drizzle-orm";
import type { Actor } from "~/auth/actor.types";
import type { Db } from "~/db/client";
import { companies } from "~/db/schema";
import type { Env, LoadContext } from "~/env";
import { closeSessionSockets, createPublisher, type Publish } from "~/realtime/publish.server";
import type { SocketsToClose } from "~/realtime/room.types";
import { readCompanySettings } from "./company/settings.schema";
import { companyToday, todayFor } from "./today";

/**
 * The work no person started (decision 0245): a directory or a schedule acting for a firm.
 * Its audit rows have no actor id and record the source instead.
 */
export type SystemSource =
  "scim" | "sso" | "directory" | "elite3e" | "cv" | "reminders" | "rollup" | "retention" | "certificates" | "secrets" | "domains" | "outlook";

export interface SystemActor {
  kind: "system";
  source: SystemSource;
}

/** What every domain function gets first, whoever acts: for which company, and when. */
export interface CommonContext {
  db: Db;
  companyId: string;
  now: Date;
  /** The actor's today: the day `now` falls on in their time zone (todayFor); the firm's for the system. */
  today: Date;
  publish: Publish;
  /** Closes realtime sockets of sessions that ended (in the company), after the response. */
  closeSockets: (which: SocketsToClose) => void;
  /** The client's realtime session id, echoed in events so it can ignore its own. */
  clientSessionId?: string | null;
  /**
   * The installation's directory (decision 0312): who in the installation, on any shard, has an
   * address, a domain or a tenant. Read only for what must be unique across firms.
   */
  directory: D1Database;
}

/** A signed-in person acts: `ctx.actor.user` is there by type. */
export interface DomainContext extends CommonContext {
  actor: Actor;
}

/** SCIM, SSO provisioning, the directory sync, the imports, the reminders and rollups. */
export interface SystemContext extends CommonContext {
  actor: SystemActor;
}

/** A function any actor may call takes this; `ctx.actor.kind === "system"` tells them apart. */
export type AnyContext = DomainContext | SystemContext;

/** A read of one firm's rows: any context is one; flows before sign-in build it from what they found. */
export type FirmScope = Pick<CommonContext, "db" | "companyId">;

/** A firm's read that must also see the other shards' firms (addresses, domains). */
export type InstallationScope = Pick<CommonContext, "db" | "companyId" | "directory">;

/** Before anyone signed in (sign-up, password reset, invite links): the database and the clock. */
export interface PublicContext {
  db: Db;
  now: Date;
}

/** What a system context is made of: the Worker's bindings and its waitUntil (a LoadContext is one). */
export interface Runtime {
  db: Db;
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
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
    // A write's own id (a form's or body's sessionId), else the tab its request names.
    clientSessionId: clientSessionId || context.clientTab || null,
    directory: context.env.DIRECTORY,
  };
}

/** The context for work no person started, for one firm; its today is the firm's (companyToday). */
export async function systemCtx(runtime: Runtime, companyId: string, source: SystemSource, now = new Date()): Promise<SystemContext> {
  const [company] = await runtime.db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return {
    db: runtime.db,
    actor: { kind: "system", source },
    companyId,
    now,
    today: companyToday(readCompanySettings(company?.settings ?? "{}"), now),
    publish: createPublisher(runtime.env, runtime.ctx),
    closeSockets: (which) => closeSessionSockets(runtime, companyId, which),
    clientSessionId: null,
    directory: runtime.env.DIRECTORY,
  };
}

/** The pre-sign-in context of a request. */
export function publicCtx(context: Pick<LoadContext, "db">, now = new Date()): PublicContext {
  return { db: context.db, now };
}
