import { defineConfig } from "drizzle-kit";

/** The installation directory (binding DIRECTORY): its own schema and migrations (decision 0312). */
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/directory-schema.ts",
  out: "./migrations-directory",
});
