import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHANGED_MEANWHILE, constraintConflict } from "~/db/constraint-errors";
import { users } from "~/db/schema";
import { errorResponse } from "~/web/api.server";
import { send } from "./account-helpers";
import { createCompanyWithRoles, db } from "./helpers";

/** Issue 9, item 14: writes that collide on a unique constraint answer 409, never a 500 from D1. */

async function d1Error(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("the write did not fail");
}

describe("constraint errors become conflicts in one place", () => {
  it("maps D1's unique and foreign-key failures (as drizzle throws them) to 409 with a message", async () => {
    const firm = await createCompanyWithRoles("Constraint Firm");
    const duplicate = await d1Error(() => db().update(users).set({ email: firm.people.employee.email }).where(eq(users.id, firm.people.observer.id)));
    const response = errorResponse(duplicate);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "A user with this e-mail already exists." });

    const missingParent = await d1Error(() => db().update(users).set({ companyId: "no-such-company" }).where(eq(users.id, firm.people.observer.id)));
    expect(constraintConflict(missingParent)?.message).toBe(CHANGED_MEANWHILE);
    expect(constraintConflict(new Error("something else"))).toBeNull();
  });

  it("answers 409 to the loser when two people are changed to the same e-mail at once", async () => {
    const firm = await createCompanyWithRoles("Race Email Firm");
    // Invited people: their address changes at once (someone with an account confirms a new
    // one by mail first, decision 0275, where confirm-email decides the race the same way).
    const targets = await Promise.all(Array.from({ length: 8 }, () => firm.createUser("invited")));
    for (let round = 0; round < 4; round++) {
      const [a, b] = targets.slice(round * 2, round * 2 + 2);
      const email = `taken-${round}-${crypto.randomUUID().slice(0, 6)}@race.test`;
      const answers = await Promise.all([a, b].map((person) => send("PUT", `/users/${person.id}`, firm.tokens.companyAdmin, { email })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: "A user with this e-mail already exists." });
      const rows = await db()
        .select()
        .from(users)
        .where(inArray(users.id, [a.id, b.id]));
      expect(rows.filter((row) => row.email === email)).toHaveLength(1);
    }
  });
});
