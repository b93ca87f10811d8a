import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import * as s from "../../app/db/schema";
import { buildSeed, DEMO_PASSWORD } from "../../scripts/seed-data";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";

/**
 * The team overview as a company admin sees it (all offices and groups) on the seeded demo
 * firm. Expected people come from the seed itself; orders are checked against the data
 * each card carries, so other tests changing workloads cannot make these fail falsely.
 */
const COLLEAGUE = "lars.lindqvist.7@demo.test";
const LIVE = { timeout: 1_000 };

type SeedUser = typeof s.users.$inferInsert;
type SeedOffice = typeof s.offices.$inferInsert;
type SeedGroup = typeof s.groups.$inferInsert;

let people: SeedUser[] = [];
let officesByName: Map<string, SeedOffice[]>;
let groupsByName: Map<string, SeedGroup>;

test.beforeAll(async () => {
  // The e2e server seeds 60 generated people (scripts/e2e-server.sh).
  const seed = await buildSeed({ people: Number(process.env.SEED_USERS ?? 60) });
  const demoId = (seed.rows.get(s.companies)![0] as { id: string }).id;
  const users = seed.rows.get(s.users) as SeedUser[];
  people = users.filter((u) => u.companyId === demoId && u.completed && !u.admin && !u.administratorPriviliges && !u.companyAdmin);
  officesByName = new Map();
  for (const office of seed.rows.get(s.offices) as SeedOffice[]) officesByName.set(office.name, [...(officesByName.get(office.name) ?? []), office]);
  groupsByName = new Map((seed.rows.get(s.groups) as SeedGroup[]).map((g) => [g.name, g]));
});

/** SQLite's NOCASE order: ASCII letters folded, everything else by code point. */
const nameKey = (name: string) => name.replace(/[A-Z]/g, (c) => c.toLowerCase());
const byName = (a: string, b: string) => (nameKey(a) < nameKey(b) ? -1 : nameKey(a) > nameKey(b) ? 1 : 0);

function grid(page: Page) {
  return page.getByRole("list", { name: "People" });
}

async function openOverview(page: Page, path = "/overview") {
  await login(page, accounts.companyAdmin);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team overview");
  await waitForHydration(page.getByTestId("team-filter"));
  // The server renders the first cards; the rest come with hydration (decision 0295), and a saved
  // filter brought back navigates once more: the grid is busy until both are done.
  await expect(grid(page)).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
}

/** Waits for the page to have loaded the address, then for the grid to settle. */
async function settled(page: Page, url: RegExp) {
  await expect(page).toHaveURL(url);
  await expect(grid(page)).toHaveAttribute("aria-busy", "false");
}

async function sortBy(page: Page, label: string, value: string) {
  await page.getByLabel("Sort by").selectOption({ label });
  await settled(page, new RegExp(`sort=${value}`));
}

/**
 * The names in the grid, in order. People other tests add (a completed sign-up, say) are
 * left out, so the comparison is exact for everyone the seed made.
 */
async function shownNames(page: Page) {
  const seeded = new Set(people.map((p) => p.name));
  return (await page.getByTestId("person-name").allInnerTexts()).filter((name) => seeded.has(name));
}

async function pick(page: Page, option: Locator) {
  await option.click();
  // The listbox stays open for more picks; each pick loads the matching people.
  await expect(grid(page)).toHaveAttribute("aria-busy", "false");
}

test("filters by office, by group and by search; the filter comes back on the next visit", async ({ page }) => {
  await openOverview(page);
  await expect(page.getByTestId("team-filter")).toHaveText("All offices, All groups");
  await sortBy(page, "Name", "name");

  const malmo = officesByName.get("Malmö")![0];
  const tax = groupsByName.get("Tax & Finance")!;
  const inMalmo = people.filter((p) => p.officeId === malmo.id || p.secondaryOfficeId === malmo.id).map((p) => p.name!);
  const inTax = people.filter((p) => p.groupId === tax.id || p.secondaryGroupId === tax.id).map((p) => p.name!);
  expect(inMalmo.length).toBeGreaterThan(5);

  await page.getByTestId("team-filter").click();
  const listbox = page.getByRole("listbox");
  await pick(page, listbox.getByRole("option", { name: "All offices" }));
  await expect(page.getByText("No office selected")).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText("Nobody matches this filter.");
  await expect(page.getByTestId("person-card")).toHaveCount(0);

  await pick(page, listbox.getByRole("group", { name: "Offices" }).getByRole("option", { name: /^Malmö/ }));
  await page.keyboard.press("Escape");
  await settled(page, new RegExp(`offices=${malmo.id}`));
  await expect(page.getByText("No office selected")).toHaveCount(0);
  // One chosen office is named with its group, so offices of one name are told apart (issue 27, item 7).
  await expect(page.getByTestId("team-filter")).toHaveText(/^Malmö \(.+\), All groups$/);
  expect(await shownNames(page)).toEqual([...inMalmo].sort(byName));

  // Offices back to all, groups down to one.
  await page.getByTestId("team-filter").click();
  await pick(page, listbox.getByRole("option", { name: "All offices" }));
  await expect(listbox.getByRole("option", { name: /^Malmö/ })).toHaveAttribute("aria-selected", "false");
  await pick(page, listbox.getByRole("group", { name: "Groups" }).getByRole("option", { name: "Tax & Finance" }));
  await page.keyboard.press("Escape");
  await settled(page, new RegExp(`groups=${tax.id}`));
  await expect(page.getByTestId("team-filter")).toHaveText("All offices, Tax & Finance");
  expect(await shownNames(page)).toEqual([...inTax].sort(byName));

  // Search: name or title, any case, within the chosen group.
  const search = page.getByPlaceholder("Search name or title");
  await search.fill("LINDQVIST");
  await settled(page, /q=LINDQVIST/);
  const expected = inTax.filter((name) => name.toLowerCase().includes("lindqvist")).sort(byName);
  expect(expected.length).toBeGreaterThan(0);
  expect(await shownNames(page)).toEqual(expected);
  const partners = people.filter(
    (p) =>
      (p.groupId === tax.id || p.secondaryGroupId === tax.id) &&
      (p.title!.toLowerCase().includes("partner") || p.name!.toLowerCase().includes("partner")),
  );
  await search.fill("partner");
  await settled(page, /q=partner/);
  expect(await shownNames(page)).toEqual(partners.map((p) => p.name!).sort(byName));

  // Saved in the browser: a visit without a filter in the address brings it back.
  await page.goto("/overview");
  await settled(page, /q=partner/);
  await expect(page.getByTestId("team-filter")).toHaveText("All offices, Tax & Finance");
  await expect(search).toHaveValue("partner");
  await expect(page.getByLabel("Sort by")).toHaveValue("name");
});

type Card = { name: string; lastUpdated: string; rank: number; startYear: number | null };

async function cards(page: Page): Promise<Card[]> {
  return page.getByTestId("person-card").evaluateAll((nodes) =>
    nodes.map((node) => {
      const el = node as HTMLElement;
      return {
        name: el.dataset.name!,
        lastUpdated: el.dataset.lastUpdated!,
        rank: Number(el.dataset.statusRank),
        startYear: el.dataset.startYear ? Number(el.dataset.startYear) : null,
      };
    }),
  );
}

const orders: { label: string; value: string; compare: (a: Card, b: Card) => number }[] = [
  {
    label: "Last updated",
    value: "lastUpdated",
    compare: (a, b) => (a.lastUpdated === b.lastUpdated ? 0 : !a.lastUpdated ? 1 : !b.lastUpdated ? -1 : a.lastUpdated > b.lastUpdated ? -1 : 1),
  },
  { label: "Name", value: "name", compare: () => 0 },
  {
    label: "Workload (high-low)",
    value: "workloadHighLow",
    compare: (a, b) => (a.rank <= 3 ? 3 - a.rank : a.rank) - (b.rank <= 3 ? 3 - b.rank : b.rank),
  },
  { label: "Workload (low-high)", value: "workloadLowHigh", compare: (a, b) => a.rank - b.rank },
  { label: "Experience", value: "experience", compare: (a, b) => (a.startYear ?? Infinity) - (b.startYear ?? Infinity) },
];

test("sorts by each option", async ({ page }) => {
  await openOverview(page, "/overview?offices=all&groups=all&sort=name");
  await expect(page.getByLabel("Sort by")).toHaveValue("name");
  const everyone = people.map((p) => p.name!).sort(byName);
  const firstPage = await page.getByTestId("person-name").allInnerTexts();
  expect(firstPage).toHaveLength(48);
  expect(firstPage).toEqual([...firstPage].sort(byName));
  expect(everyone.slice(0, 48)).toEqual(expect.arrayContaining(await shownNames(page)));
  await expect(page.getByTestId("result-count")).toHaveText(/^\d+ people · showing 48$/);
  expect(Number((await page.getByTestId("result-count").innerText()).split(" ")[0])).toBeGreaterThanOrEqual(people.length);

  for (const order of orders.filter((o) => o.value !== "name")) {
    await sortBy(page, order.label, order.value);
    const shown = await cards(page);
    const expected = [...shown].sort((a, b) => order.compare(a, b) || byName(a.name, b.name)).map((c) => c.name);
    expect(
      shown.map((c) => c.name),
      order.label,
    ).toEqual(expected);
    if (order.value === "workloadHighLow") expect(shown[0].rank).toBe(3);
    if (order.value === "workloadLowHigh") expect(shown[0].rank).toBe(0);
  }
  await expect(
    page
      .getByTestId("person-card")
      .first()
      .getByText(/^(first year|\d+\+? years?)$/),
  ).toBeVisible();

  // 'Show more' brings the rest, in the same order.
  await sortBy(page, "Name", "name");
  await page.getByRole("button", { name: "Show more" }).click();
  await settled(page, /show=96/);
  await expect(page.getByTestId("person-card")).not.toHaveCount(48);
  expect(await shownNames(page)).toEqual(everyone);
});

test("opens a person's card with the keyboard and closes it with Escape", async ({ page }) => {
  await openOverview(page, "/overview?offices=all&groups=all&q=Emil&sort=name");
  const name = page.getByTestId("person-name");
  await expect(name).toHaveText(["Emil Employee"]);
  await name.focus();
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("user-card-title")).toHaveText("Emil Employee");
  await expect(dialog.getByTestId("user-card")).toBeVisible();
  await expect(dialog.getByText("Corporate & M&A - Stockholm")).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Workload colours" }).getByRole("listitem")).toHaveText([
    "Available",
    "Some availability",
    "Busy",
    "Seriously busy",
    "Away",
    "No data",
  ]);
  const projects = dialog.getByRole("region", { name: "Projects" });
  // Other specs add Emil to projects of their own (issue27c.spec's dated ones): find Nordlys by name, not by place.
  await expect(projects.getByRole("row").filter({ hasText: "Project Nordlys (acquisition)" })).toHaveCount(1);
  // Each project row goes to the project's page.
  await expect(projects.getByRole("link", { name: /Project Nordlys/ }).first()).toHaveAttribute("href", /^\/projects\/[^/]+$/);
  await expect(dialog.getByRole("region", { name: "Competences" })).toContainText("Mergers & acquisitions");
  // No assertion on the CV Partner section: cv-service.spec.ts imports CV items for this person
  // into the same server, so whether it shows depends on the order the specs run in.

  expect(
    await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa"])
      .analyze()
      .then((r) => r.violations.map((v) => v.id)),
  ).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(name).toBeFocused();
});

test("a colleague's change shows up within a second, without reloading", async ({ page, request }) => {
  await openOverview(page, "/overview?offices=all&groups=all&sort=lastUpdated");
  await expect(page.locator("html")).toHaveAttribute("data-realtime", "connected");
  const login = await request.post("/api/v2/account/login", { data: { email: COLLEAGUE, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const colleague = people.find((p) => p.email === COLLEAGUE)!;
  const card = page.getByTestId("person-card").filter({ has: page.getByTestId("person-name").getByText(colleague.name!, { exact: true }) });
  const marker = await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
    return true;
  });
  expect(marker).toBe(true);

  const message = `Free for a new matter ${Date.now() % 100000}`;
  expect((await request.put("/api/v2/workload/message", { headers, data: { message } })).status()).toBe(200);
  // Last updated first: the colleague moves to the top, with the new message.
  await expect(page.getByTestId("person-card").first().getByTestId("person-name")).toHaveText(colleague.name!, LIVE);
  await expect(card.getByTestId("status-message")).toHaveText(message, LIVE);
  await expect(card.getByTestId("last-seen")).toHaveText("Updated now", LIVE);

  for (const [workscale, label] of [
    [3, "Seriously busy"],
    [0, "Available"],
  ] as const) {
    expect((await request.post("/api/v2/workload/current", { headers, data: { workscale } })).status()).toBe(201);
    await expect(card.getByTestId("workload-label")).toHaveText(label, LIVE);
  }
  // The same page all along: no reload happened.
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});

test("after the room's connection drops, the page joins again with a new ticket and shows what changed meanwhile", async ({ page, request }) => {
  const sockets: { url: string; close: () => Promise<void> }[] = [];
  await page.routeWebSocket(/\/parties\/company\//, (ws) => {
    const server = ws.connectToServer();
    sockets.push({ url: ws.url(), close: async () => (await ws.close(), await server.close()) });
  });
  const colleague = people.find((p) => p.email === COLLEAGUE)!;
  await openOverview(page, `/overview?offices=all&groups=all&q=${encodeURIComponent(colleague.name!)}`);
  await expect(page.locator("html")).toHaveAttribute("data-realtime", "connected");
  const card = page.getByTestId("person-card").filter({ has: page.getByTestId("person-name").getByText(colleague.name!, { exact: true }) });
  await expect(card).toHaveCount(1);

  // The next ticket is held until the change below is made, so the page can only learn of
  // it by catching up after the reconnect, not from the room.
  let tickets = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/v2/realtime/ticket", async (route) => {
    tickets++;
    await held;
    await route.continue();
  });
  const joined = sockets.length;
  await sockets[joined - 1].close();
  await expect(page.locator("html")).toHaveAttribute("data-realtime", "disconnected");
  const login = await request.post("/api/v2/account/login", { data: { email: COLLEAGUE, password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const message = `Back after the drop ${Date.now() % 100000}`;
  expect((await request.put("/api/v2/workload/message", { headers, data: { message } })).status()).toBe(200);
  // The page asks for its next ticket within the first wait (at most 5 s); it is held here.
  await expect.poll(() => tickets, { timeout: 8_000 }).toBe(1);
  await expect(card.getByTestId("status-message")).not.toHaveText(message);
  release();
  await expect(page.locator("html")).toHaveAttribute("data-realtime", "connected");
  await expect(card.getByTestId("status-message")).toHaveText(message, { timeout: 5_000 });
  // Each attempt carried a ticket of its own in the socket's address.
  const used = sockets.slice(joined - 1).map((socket) => new URL(socket.url).searchParams.get("ticket"));
  expect(used).toHaveLength(2);
  expect(new Set(used).size).toBe(2);
});

test("a person the firm's directory deactivates through SCIM leaves an open overview, without reloading", async ({ page, request }) => {
  const leaver = people.find(
    (p) =>
      p.email !== COLLEAGUE &&
      !/emil|lindqvist/i.test(p.name!) &&
      !/partner/i.test(p.title ?? "") &&
      people.filter((other) => other.name!.includes(p.name!)).length === 1,
  )!;
  await openOverview(page, `/overview?offices=all&groups=all&q=${encodeURIComponent(leaver.name!)}`);
  await expect(page.locator("html")).toHaveAttribute("data-realtime", "connected");
  const card = page.getByTestId("person-card").filter({ has: page.getByTestId("person-name").getByText(leaver.name!, { exact: true }) });
  await expect(card).toHaveCount(1);
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));

  const login = await request.post("/api/v2/account/login", { data: { email: accounts.companyAdmin, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const admin = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const issued = await request.post("/api/v2/company/scim-token", { headers: admin, data: { name: "E2E directory" } });
  expect(issued.status()).toBe(201);
  const scim = (await issued.json()) as { _id: string; token: string };
  const setActive = (active: boolean) =>
    request.patch(`/scim/v2/Users/${leaver.id}`, {
      headers: { Authorization: `Bearer ${scim.token}`, "Content-Type": "application/scim+json" },
      data: JSON.stringify({
        schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        Operations: [{ op: "Replace", path: "active", value: active ? "True" : "False" }],
      }),
    });
  try {
    expect((await setActive(false)).status()).toBe(200);
    await expect(card).toHaveCount(0, { timeout: 3_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  } finally {
    // The seeded firm stays as the other tests expect it.
    await setActive(true);
    await request.delete(`/api/v2/company/scim-token/${scim._id}`, { headers: admin });
  }
});

test("the team filter opens from a click made before its code arrived", async ({ page }) => {
  // The Listbox (Headless UI) loads at idle (decision 0292); until then a look-alike button
  // stands in. Its code is held back until the click, as on a slow line.
  let clicked!: () => void;
  const click = new Promise<void>((resolve) => (clicked = resolve));
  await page.route(/\/team-filter-listbox-\w+\.js$/, async (route) => {
    await click;
    await route.continue();
  });
  await login(page, accounts.companyAdmin);
  await page.goto("/overview?offices=all&groups=all&sort=lastUpdated");
  const filter = page.getByTestId("team-filter");
  await waitForHydration(filter);
  await expect(filter).toHaveAttribute("aria-haspopup", "listbox");
  await expect(filter).toHaveAttribute("aria-expanded", "false");
  await expect(filter).toHaveAccessibleName("Offices and groups All offices, All groups");
  await filter.click();
  clicked();
  const listbox = page.getByRole("listbox");
  await expect(listbox).toBeVisible();
  await expect(filter).toHaveAttribute("aria-expanded", "true");
  await expect(listbox.getByRole("option", { name: "All offices" })).toHaveAttribute("aria-selected", "true");
  // The real Listbox's keyboard from here on: Escape closes it and gives its button the focus.
  await page.keyboard.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(filter).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(listbox).toBeVisible();
});

test("has no WCAG 2 A/AA violations", async ({ page }) => {
  await openOverview(page, "/overview?offices=all&groups=all&sort=lastUpdated");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))).toEqual([]);
  await page.getByTestId("team-filter").click();
  await expect(page.getByRole("listbox")).toBeVisible();
  const open = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(open.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))).toEqual([]);
});

for (const viewport of Object.values(viewports)) {
  test(`screenshots at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openOverview(page, "/overview?offices=all&groups=all&sort=lastUpdated");
    await page.evaluate(() => document.fonts.ready);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/overview-${viewport.width}.png` });

    await page.getByTestId("person-name").first().click();
    await expect(page.getByTestId("user-card")).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/overview-card-${viewport.width}.png` });
  });
}
