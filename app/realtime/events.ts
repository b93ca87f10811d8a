/** The spec's UPDATE_USER fields, at the top level of the event (planning.md, Realtime). */
export interface UserUpdate {
  _id: string;
  currentWorkload: number | null;
  futureWorkload: number | null;
  /** The person's status message, as the User entity carries it. */
  message: { message: string };
  lastUpdated: string | null;
  workplaceForecast: (number | null)[];
  atHome: boolean;
  onLeave: boolean;
}

/** Events the company room broadcasts to every connected browser of that company. */
export type RealtimeEvent =
  | ({ type: "UPDATE_USER"; sessionId?: string | null } & UserUpdate)
  | { type: "UPDATE_FORECASTS_FOR_USER"; userId: string; sessionId?: string | null }
  /** The PM toggle: the loaded detailed report patches the person's matter in place. */
  | { type: "UPDATE_MATTER_MANAGER"; userId: string; matterNumber: string; value: boolean; sessionId?: string | null }
  /** A project, its members, hours or invoices changed (or it was deleted). */
  | { type: "UPDATE_PROJECT"; projectId: string; sessionId?: string | null }
  /** Something was audited: an open Activity page fetches its newest rows (the ping carries nothing). */
  | { type: "ACTIVITY"; sessionId?: string | null };

export const companyRoomParty = "company";
