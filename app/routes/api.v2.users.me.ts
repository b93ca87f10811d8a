import { getMe, meRider } from "~/domain/users/profile.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The signed-in person.", rides: meRider, run: ({ ctx, ridden }) => getMe(ctx, ridden) }),
});
