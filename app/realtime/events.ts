/** Events the company room broadcasts to every connected browser of that company. */
export type RealtimeEvent =
  | {
      type: "UPDATE_USER";
      sessionId?: string | null;
      user: {
        _id: string;
        currentWorkload: number | null;
        futureWorkload: number | null;
        message: string;
        lastUpdated: string | null;
        workplaceForecast: (number | null)[];
        atHome: boolean;
        onLeave: boolean;
      };
    }
  | { type: "UPDATE_FORECASTS_FOR_USER"; userId: string; sessionId?: string | null };

export const companyRoomParty = "company";
