import { COMMON_PASSWORDS_CODED } from "~/domain/identity/common-passwords.generated";

/**
 * Whether a password is on the bundled list of the most common breached passwords
 * (49,233 entries from @zxcvbn-ts/language-common; scripts/generate-common-passwords.ts).
 * Compared lowercased, so 'Password1234' counts as 'password1234'. The list is decoded
 * into a set the first time it is needed in an isolate (a few milliseconds).
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

let decoded: Set<string> | null = null;

function commonPasswords(): Set<string> {
  if (decoded) return decoded;
  const set = new Set<string>();
  let previous = "";
  for (const entry of COMMON_PASSWORDS_CODED.split(" ")) {
    const word = previous.slice(0, entry.charCodeAt(0) - 48) + entry.slice(1);
    set.add(word);
    previous = word;
  }
  decoded = set;
  return set;
}
