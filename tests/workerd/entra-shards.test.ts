import { describe, expect, it } from "vitest";
import { buildAuthorizeUrl } from "~/integrations/entra/oidc.server";
import { addDirectoryUser, authorizeAs, config } from "./entra-helpers";
import { api, BASE } from "./helpers";
import { firmOnShard } from "./shard-firm";

/**
 * Microsoft sign-in with an account of one firm's directory whose address is a person's of a
 * firm on another shard (decision 0318): the answer sends the browser back to Microsoft with
 * that person's work account, as it does when both firms share a shard, because the directory,
 * not the tenant's shard, says whose the address is.
 */

async function connectedFirmOn(n: number, settings: Record<string, unknown> = {}) {
  const tenant = crypto.randomUUID();
  const firm = await firmOnShard(n, {
    company: { name: `Entra ${n} ${tenant.slice(0, 6)}`, settings: JSON.stringify(settings), azureAdTenantId: tenant },
    role: "employee",
    person: { name: "Emma Entra", addressPrefix: "entra-shard" },
  });
  return { tenant, person: firm.person };
}

describe("Microsoft sign-in's other-firm answer across shards (decision 0318)", () => {
  it("an account of a tenant on shard 1 whose address is a person's of a firm on shard 2 is sent to that person's work account", async () => {
    const signingIn = await connectedFirmOn(1);
    const owner = await connectedFirmOn(2, { entraAccountPicker: true });
    // A guest account in the shard-1 firm's directory with the shard-2 person's address.
    const guest = await addDirectoryUser(signingIn.tenant, { displayName: "Emma as a guest", mail: owner.person.email! });
    const redirectUri = `${BASE}/login`;
    const { code } = await authorizeAs(buildAuthorizeUrl(config(), { redirectUri, state: "s" }), signingIn.tenant, guest.id);
    const response = await api("/api/v2/azure-ad/sign-in-with-code", { method: "POST", json: { code, redirectUri } });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ redirect: true, email: owner.person.email, tenantId: owner.tenant, accountPicker: true });
  });
});
