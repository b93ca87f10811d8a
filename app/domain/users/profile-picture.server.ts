import { and, eq } from "drizzle-orm";
import { audit } from "../audit.server";
import { canAdministerUser } from "~/auth/permissions";
import { users } from "~/db/schema";
import { newId } from "~/lib/ids";
import { INTERNAL_PICTURE_MARKER, MAX_PICTURE_MB, PICTURE_SIZE_MESSAGE, PICTURE_TYPE_MESSAGE, pictureFile } from "~/lib/profile-picture";
import type { DomainContext } from "../context";
import { DomainError, ForbiddenError, ValidationError } from "../errors";
import { REQUIRED } from "../schema-kit";
import { requireUserEntity, type ApiUser } from "./profile.server";
import { requireCompanyUser } from "./user-state.server";

/**
 * Profile pictures: JPEG or PNG (checked by their first bytes, not by what the browser
 * claims), at most 2 MB, stored in R2 under a random name that carries the internal-store
 * marker, so profilePictureUrl() serves it from /api/profilePicture/{file}.
 */
export const MAX_PICTURE_BYTES = MAX_PICTURE_MB * 1024 * 1024;
export const PICTURE_PREFIX = "profile-pictures/";
const ENTITY = "ProfilePictureInputErrors";

export class PayloadTooLargeError extends DomainError {
  constructor() {
    super(PICTURE_SIZE_MESSAGE, 413);
  }
}

export function sniffImageType(bytes: Uint8Array): "image/jpeg" | "image/png" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return "image/png";
  return null;
}

/** Who may change the picture: the person, or an administrator of theirs. */
export async function requirePictureTarget(ctx: DomainContext, userId: string) {
  const target = await requireCompanyUser(ctx, userId);
  if (target.id !== ctx.actor.user.id && !canAdministerUser(ctx.actor.user, target)) throw new ForbiddenError();
  return target;
}

export async function saveProfilePicture(ctx: DomainContext, files: R2Bucket, userId: string, image: File | string | null): Promise<ApiUser> {
  const target = await requirePictureTarget(ctx, userId);
  if (!image || typeof image === "string") throw new ValidationError(ENTITY, { image: REQUIRED });
  if (image.size > MAX_PICTURE_BYTES) throw new PayloadTooLargeError();
  const bytes = new Uint8Array(await image.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new ValidationError(ENTITY, { image: PICTURE_TYPE_MESSAGE });
  const file = pictureFile(target.id, newId(), type);
  await files.put(`${PICTURE_PREFIX}${file}`, bytes, {
    httpMetadata: { contentType: type, cacheControl: "public, max-age=31536000, immutable" },
    customMetadata: { companyId: ctx.companyId, userId: target.id },
  });
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ profilePicture: `${INTERNAL_PICTURE_MARKER}${file}` })
      .where(and(eq(users.id, target.id), eq(users.companyId, ctx.companyId))),
    audit(ctx, "profile-picture", "user", target.id, { file }),
  ]);
  const previous = target.profilePicture;
  if (previous?.startsWith(INTERNAL_PICTURE_MARKER)) await files.delete(`${PICTURE_PREFIX}${previous.slice(INTERNAL_PICTURE_MARKER.length)}`);
  return requireUserEntity(ctx, target.id);
}
