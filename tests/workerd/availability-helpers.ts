import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { createCompany, db, tokenFor } from "./helpers";

export async function setup(settings: Record<string, unknown> = { enableNewForecasting: true }) {
  const firm = await createCompany("Avail", settings);
  const employee = await firm.createUser("employee", { name: "Eve Employee" });
  const token = await tokenFor(employee.email);
  return { ...firm, employee, token };
}

export const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
