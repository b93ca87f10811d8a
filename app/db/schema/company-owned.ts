import { text } from "drizzle-orm/sqlite-core";
import { companies } from "./companies";
import { users } from "./users";

export const companyId = () =>
  text("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

export const userId = (name = "user_id") =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
