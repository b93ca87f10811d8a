import { describe, expect, it } from "vitest";
import { workloadHistory } from "~/db/schema";
import { api, createCompany, day, db, tokenFor } from "./helpers";
import { setup } from "./availability-helpers";

describe("history", () => {
  it("answers a person's own daily workload, carried forward from their last change", async () => {
    const { employee, token } = await setup();
    await db()
      .insert(workloadHistory)
      .values([
        {
          id: "a".repeat(24),
          companyId: employee.companyId,
          userId: employee.id,
          currentWorkload: 3,
          onLeave: false,
          source: "web_app",
          recordedAt: new Date(Date.now() - 20 * 86_400_000),
          day: new Date(Math.floor((Date.now() - 20 * 86_400_000) / 86_400_000) * 86_400_000),
        },
        {
          id: "b".repeat(24),
          companyId: employee.companyId,
          userId: employee.id,
          currentWorkload: 1,
          onLeave: false,
          source: "ios_app",
          recordedAt: new Date(Date.now() - 2 * 86_400_000),
          day: new Date(Math.floor((Date.now() - 2 * 86_400_000) / 86_400_000) * 86_400_000),
        },
      ]);
    const response = await api(`/api/v2/workload-history/user/${employee.id}/10`, { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { points: { date: string; averageWorkload: number | null }[]; entries: unknown[] };
    expect(body.points).toHaveLength(10);
    expect(body.points[0]).toMatchObject({ date: day(-9), averageWorkload: 3 });
    expect(body.points.at(-1), JSON.stringify(body)).toMatchObject({ date: day(0), averageWorkload: 1 });
    expect(body.entries).toHaveLength(1);
    const raw = (await (await api(`/api/v2/users/${employee.id}/workload-history`, { token })).json()) as unknown[];
    expect(raw).toHaveLength(2);
  });

  it("keeps other people's and teams' history to admins, and checks scope, id and days", async () => {
    const { employee, token, createUser, group, company } = await setup();
    const colleague = await createUser("employee");
    expect((await api(`/api/v2/workload-history/user/${colleague.id}/30`, { token })).status).toBe(403);
    expect((await api(`/api/v2/workload-history/group/${group.id}/30`, { token })).status).toBe(403);
    const adminToken = await tokenFor((await createUser("administrator")).email);
    expect((await api(`/api/v2/workload-history/group/${group.id}/30`, { token: adminToken })).status).toBe(200);
    expect((await api(`/api/v2/workplace-history/company/${company.id}/30`, { token: adminToken })).status).toBe(200);
    expect((await api(`/api/v2/workload-history/user/${employee.id}/0`, { token })).status).toBe(400);
    expect((await api(`/api/v2/workload-history/user/${employee.id}/366`, { token })).status).toBe(400);
    expect((await api(`/api/v2/workload-history/team/${employee.id}/30`, { token })).status).toBe(400);
    const other = await createCompany("Elsewhere");
    expect((await api(`/api/v2/workload-history/group/${other.group.id}/30`, { token: adminToken })).status).toBe(404);
  });

  it("counts where people worked each day", async () => {
    const { token, createUser, company } = await setup();
    const adminToken = await tokenFor((await createUser("administrator")).email);
    await api("/api/v2/workplace-forecast/0", { method: "POST", token, json: { option: 1 } });
    const today = new Date().getUTCDay();
    const body = (await (await api(`/api/v2/workplace-history/company/${company.id}/7`, { token: adminToken })).json()) as {
      points: { date: string; home: number }[];
    };
    expect(body.points).toHaveLength(7);
    expect(body.points.at(-1)!.home).toBe(today >= 1 && today <= 5 ? 1 : 0);
  });
});
