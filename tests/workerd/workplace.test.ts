import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { workplaceHistory } from "~/db/schema";
import { api, db, listen, tokenFor } from "./helpers";
import { setup, userRow } from "./availability-helpers";

describe("work location", () => {
  it("sets today to home (atHome) and absent (onLeave), records history and publishes", async () => {
    const { employee, token, company } = await setup();
    const room = await listen(company.id, token);
    const home = await api("/api/v2/workplace-forecast/0", { method: "POST", token, json: { option: 1, future: false, source: "ios_app" } });
    expect(home.status).toBe(200);
    const today = new Date().getUTCDay();
    const isWeekday = today >= 1 && today <= 5;
    const user = await userRow(employee.id);
    expect(user.atHome).toBe(isWeekday);
    const event = await room.next("UPDATE_USER");
    expect((event.workplaceForecast as number[])[0]).toBe(1);
    const history = await db().select().from(workplaceHistory).where(eq(workplaceHistory.userId, employee.id));
    expect(history).toMatchObject([{ kind: "rolling", option: 1, source: "ios_app" }]);

    await api("/api/v2/workplace-forecast/0", { method: "POST", token, json: { option: 2, future: false } });
    expect((await userRow(employee.id)).onLeave).toBe(isWeekday);
    room.close();
  });

  it("the default week fills the rolling week where no day has its own choice", async () => {
    const { token } = await setup();
    for (let weekday = 0; weekday < 5; weekday++) {
      expect((await api(`/api/v2/workplace-forecast/${weekday}`, { method: "POST", token, json: { option: 1, future: true } })).status).toBe(200);
    }
    await api("/api/v2/workplace-forecast/2", { method: "POST", token, json: { option: 0, future: false } });
    const me = (await (await api("/api/v2/users/me", { token })).json()) as { workplaceForecast: number[]; workplaceDefault: number[] };
    expect(me.workplaceDefault).toEqual([1, 1, 1, 1, 1]);
    expect(me.workplaceForecast).toEqual([1, 1, 0, 1, 1]);
  });

  it("validates index and option: none only for the default week, elsewhere only when enabled", async () => {
    const { token } = await setup({ elseWhereOption: false });
    expect((await api("/api/v2/workplace-forecast/5", { method: "POST", token, json: { option: 0 } })).status).toBe(400);
    const none = await api("/api/v2/workplace-forecast/1", { method: "POST", token, json: { option: null, future: false } });
    expect(await none.json()).toMatchObject({ errors: { option: "None can only be chosen for the default week." } });
    expect((await api("/api/v2/workplace-forecast/1", { method: "POST", token, json: { option: null, future: true } })).status).toBe(200);
    expect((await api("/api/v2/workplace-forecast/1", { method: "POST", token, json: { option: 3 } })).status).toBe(400);
    const elsewhere = await setup({ elseWhereOption: true });
    expect((await api("/api/v2/workplace-forecast/1", { method: "POST", token: elsewhere.token, json: { option: 3 } })).status).toBe(200);
    expect((await api("/api/v2/workplace-forecast/1", { method: "POST", token, json: { option: 7 } })).status).toBe(400);
  });

  it("is refused for an admin's own week and when the company turned work location off", async () => {
    const { createUser } = await setup();
    const admin = await createUser("observer");
    expect((await api("/api/v2/workplace-forecast/0", { method: "POST", token: await tokenFor(admin.email), json: { option: 1 } })).status).toBe(403);
    const off = await setup({ disableWFH: true });
    expect((await api("/api/v2/workplace-forecast/0", { method: "POST", token: off.token, json: { option: 1 } })).status).toBe(403);
  });
});
