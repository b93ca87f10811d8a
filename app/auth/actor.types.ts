import type { Company, User } from "~/db/schema";
import type { CompanySettings } from "~/domain/company/settings.schema";

/** A group or office as the API names it. */
export interface NamedRef {
  _id: string;
  name: string;
}

export interface Actor {
  /** A person; the system's actor (domain/context.ts SystemActor) is kind "system". */
  kind?: "person";
  user: User;
  /** The names of the person's teams, read with the session (users/me and the dashboard need them). */
  refs?: { group: NamedRef | null; office: NamedRef | null; secondaryGroup: NamedRef | null; secondaryOffice: NamedRef | null };
  company: Pick<Company, "id" | "name" | "allowGroupSelection"> & { settings: CompanySettings };
  /** The time zone of the person's office, when it has one of its own (domain/today.ts). */
  officeTimeZone?: string | null;
  /** The zones of the company's offices that have their own (office id → zone), for other people's today. */
  officeZones?: Record<string, string>;
  sessionId: string;
  /** How this request was signed in: the web app's cookie, or a bearer token (apps and scripts). Audit rows name it. */
  client?: "web" | "api";
  /**
   * When the person last proved who they are in this session (signed in, or typed their
   * password again): the step-up for powerful settings reads it (domain/identity/reauth.server.ts).
   */
  authenticatedAt?: Date;
  /**
   * The company requires a second factor and this session, opened by a password, belongs to a
   * person without one (decision 0298): until `deadline` they are asked, from then they must.
   */
  secondFactorSetup?: { deadline: Date } | null;
}

/** The decoded bearer token: the spec's `id` and `completed`, plus our session id. */
export interface TokenPayload {
  id: string;
  completed: boolean;
  sid: string;
  /** The session's firm and the shard it lives on (decision 0312); absent from tokens made before. */
  cid?: string;
  shd?: number;
}
