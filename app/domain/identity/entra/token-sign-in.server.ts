import { UnauthorizedError } from "~/domain/errors";
import type { EntraConfig } from "~/integrations/entra/config";
import { EntraTokenError, exchangeCode, validateEntraToken, type EntraClaims } from "~/integrations/entra/oidc.server";

/**
 * The two ways a client proves a Microsoft sign-in: an authorisation code (exchanged here,
 * with the PKCE verifier and nonce of the browser's flow when it has one), or the Teams
 * tab's SSO token, whose tenant and object id must be the ones the client names.
 */
export async function claimsFromCode(
  config: EntraConfig,
  input: { code: string; redirectUri: string; codeVerifier?: string | null; nonce?: string | null },
): Promise<EntraClaims> {
  try {
    const idToken = await exchangeCode(config, input);
    return await validateEntraToken(config, idToken, { nonce: input.nonce });
  } catch (error) {
    if (error instanceof EntraTokenError) throw new UnauthorizedError(error.message);
    throw error;
  }
}

export const TOKEN_OTHER_PERSON = "The Microsoft token belongs to another person.";

export async function claimsFromTeamsToken(
  config: EntraConfig,
  input: { adToken: string; tenantId: string; adUserId: string },
): Promise<EntraClaims> {
  let claims: EntraClaims;
  try {
    claims = await validateEntraToken(config, input.adToken, { tenantId: input.tenantId, allowAppIdUri: true });
  } catch (error) {
    if (error instanceof EntraTokenError) throw new UnauthorizedError(error.message);
    throw error;
  }
  if (claims.oid !== input.adUserId) throw new UnauthorizedError(TOKEN_OTHER_PERSON);
  return claims;
}
