import { getServerByName } from "partyserver";
import type { Env } from "~/env";
import type { RealtimeEvent } from "./events";
import type { CompanyRoom } from "../../workers/company-room";

export type Publish = (companyId: string, event: RealtimeEvent) => void;

/**
 * Sends an event to the company's room after the response, so a slow or failed
 * broadcast never delays or fails the write that caused it.
 */
export function createPublisher(env: Env, ctx: Pick<ExecutionContext, "waitUntil">): Publish {
  return (companyId, event) => {
    ctx.waitUntil(
      (async () => {
        const room = await getServerByName(env.Company as unknown as DurableObjectNamespace<CompanyRoom>, companyId);
        await room.broadcastEvent(JSON.stringify(event));
      })().catch((error) => console.error("realtime publish failed", error)),
    );
  };
}
