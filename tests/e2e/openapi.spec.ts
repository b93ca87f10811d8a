import { Validator } from "@seriousme/openapi-schema-validator";
import { expect, test } from "./fixtures";

/** The served /api/v2 document is valid OpenAPI 3.1, as a client generator would read it. */
test("/api/v2/openapi.json is a valid OpenAPI 3.1 document", async ({ request }) => {
  const response = await request.get("/api/v2/openapi.json");
  expect(response.status()).toBe(200);
  const document = await response.json();
  const validator = new Validator();
  const result = await validator.validate(document);
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 4000)).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
  expect(Object.keys(document.paths).length).toBeGreaterThanOrEqual(45);
});
