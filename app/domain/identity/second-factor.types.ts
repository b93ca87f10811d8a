/** Which factors a person has: what the sign-in asks for and what settings shows. */
export interface Factors {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}
