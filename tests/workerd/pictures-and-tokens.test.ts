import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { profilePictureUrl } from "~/lib/profile-picture";
import { send } from "./account-helpers";
import { api, BASE, createCompany, tokenFor } from "./helpers";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

function upload(userId: string, token: string, bytes: Uint8Array<ArrayBuffer>, name = "me.png", type = "image/png") {
  const form = new FormData();
  form.set("image", new File([bytes], name, { type }));
  return api(`/api/v2/users/${userId}/profile-picture`, { method: "POST", token, body: form });
}

let firm: Awaited<ReturnType<typeof createCompany>>;
beforeAll(async () => {
  firm = await createCompany("Picture Firm");
});

describe("profile pictures", () => {
  it("stores a PNG in R2 and serves it with its type and long caching; a new one replaces it", async () => {
    const user = await firm.createUser("employee");
    const token = await tokenFor(user.email);
    const response = await upload(user.id, token, PNG);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { profilePicture: string };
    expect(body.profilePicture).toMatch(/^internal-store:[0-9a-f]{24}-[0-9a-f]{24}\.png$/);
    const url = profilePictureUrl(body.profilePicture)!;
    const served = await SELF.fetch(`${BASE}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    // Named .png and sent as image/png, but JPEG bytes: stored and served as JPEG.
    const second = (await (await upload(user.id, token, JPEG, "trick.png", "image/png")).json()) as { profilePicture: string };
    expect(second.profilePicture).toMatch(/\.jpg$/);
    expect((await SELF.fetch(`${BASE}${profilePictureUrl(second.profilePicture)}`)).headers.get("Content-Type")).toBe("image/jpeg");
    expect((await SELF.fetch(`${BASE}${url}`)).status).toBe(404);
  });

  it("deletes the picture from R2 when its person is deleted (issue 9, item 13)", async () => {
    const user = await firm.createUser("employee");
    const admin = await firm.createUser("companyAdmin", { groupId: null, officeId: null });
    const adminToken = await tokenFor(admin.email);
    const body = (await (await upload(user.id, adminToken, PNG)).json()) as { profilePicture: string };
    const file = body.profilePicture.replace(/^internal-store:/, "");
    expect(await env.FILES.head(`profile-pictures/${file}`)).not.toBeNull();
    expect((await send("DELETE", `/users/${user.id}`, adminToken)).status).toBe(200);
    expect(await env.FILES.head(`profile-pictures/${file}`)).toBeNull();
    expect((await SELF.fetch(`${BASE}${profilePictureUrl(body.profilePicture)}`)).status).toBe(404);
  });

  it("refuses other files, missing ones and ones over 2 MB (413)", async () => {
    const user = await firm.createUser("employee");
    const token = await tokenFor(user.email);
    const gif = await upload(user.id, token, new TextEncoder().encode("GIF89a..."), "x.gif", "image/gif");
    expect(gif.status).toBe(400);
    expect(await gif.json()).toMatchObject({ entityType: "ProfilePictureInputErrors", errors: { image: "Use a JPEG or PNG picture." } });
    const svg = await upload(user.id, token, new TextEncoder().encode("<svg/>"), "x.png", "image/png");
    expect(svg.status).toBe(400);
    const empty = await api(`/api/v2/users/${user.id}/profile-picture`, { method: "POST", token, body: new FormData() });
    expect(await empty.json()).toMatchObject({ errors: { image: "This field is required." } });
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooLarge = await upload(user.id, token, big);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: "The picture is too large. Use one of at most 2 MB." });
  });

  it("lets administrators change their people's pictures, and nobody else", async () => {
    const user = await firm.createUser("employee");
    const colleague = await firm.createUser("employee");
    const admin = await firm.createUser("administrator");
    expect((await upload(user.id, await tokenFor(colleague.email), PNG)).status).toBe(403);
    expect((await upload(user.id, await tokenFor(admin.email), PNG)).status).toBe(200);
  });

  it("answers 404 for unknown or malformed picture names", async () => {
    expect((await SELF.fetch(`${BASE}/api/profilePicture/${"a".repeat(24)}-${"b".repeat(24)}.png`)).status).toBe(404);
    expect((await SELF.fetch(`${BASE}/api/profilePicture/..%2Fsecret`)).status).toBe(404);
  });
});

describe("notification tokens", () => {
  it("adds, lists and deletes the caller's own tokens only", async () => {
    const user = await firm.createUser("employee");
    const other = await firm.createUser("employee");
    const token = await tokenFor(user.email);
    const otherToken = await tokenFor(other.email);
    const added = await send("POST", "/notification-token/apns", token, { token: "device-1" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ tokenType: "apns", token: "device-1" });
    const again = await send("POST", "/notification-token/apns", token, { token: "device-1" });
    expect(again.body._id).toBe(added.body._id);
    await send("POST", "/notification-token/fcm", otherToken, { token: "other-device" });
    expect((await send("GET", "/notification-token", token)).body.map((t: { token: string }) => t.token)).toEqual(["device-1"]);
    expect((await send("DELETE", `/notification-token/${added.body._id}`, otherToken)).status).toBe(404);
    expect((await send("DELETE", `/notification-token/${added.body._id}`, token)).status).toBe(200);
    expect((await send("GET", "/notification-token", token)).body).toEqual([]);
  });

  it("validates the token and its type", async () => {
    const token = await tokenFor((await firm.createUser("employee")).email);
    expect((await send("POST", "/notification-token/apns", token, {})).body.errors).toEqual({ token: "This field is required." });
    expect((await send("POST", "/notification-token/bad%20type", token, { token: "x" })).body.errors).toEqual({
      tokenType: "Needs to be a token type such as apns or fcm.",
    });
  });
});
