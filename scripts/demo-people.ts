/**
 * The generated demo people's names (person i of the seed), shared by the seed
 * (scripts/seed-data.ts, scripts/seed-time-keeping.ts) and the stand-in that lists the same
 * people (tests/fakes/elite3e-server.ts). It imports nothing: the fake once imported the seed
 * for them while the seed imported the fake, and that circle under the fake's top-level await
 * never settled, so `npm start` had no 3E.
 */
const FIRST = [
  "Anna",
  "Erik",
  "Maria",
  "Johan",
  "Sara",
  "Karl",
  "Emma",
  "Lars",
  "Elin",
  "Oskar",
  "Ida",
  "Nils",
  "Linnea",
  "Gustav",
  "Maja",
  "Axel",
  "Clara",
  "Viktor",
  "Hanna",
  "Filip",
  "Julia",
  "Olof",
  "Ebba",
  "Henrik",
  "Alva",
  "David",
  "Sofia",
  "Jonas",
  "Frida",
  "Mikael",
];
const LAST = [
  "Lindqvist",
  "Bergström",
  "Johansson",
  "Nyberg",
  "Ekström",
  "Holm",
  "Sjöberg",
  "Wallin",
  "Forsberg",
  "Lund",
  "Engström",
  "Dahl",
  "Hedlund",
  "Sandberg",
  "Åkesson",
  "Blom",
  "Norén",
  "Lindgren",
  "Falk",
  "Strand",
];

/** Person i's first and last name; past every pair, a counter (" 2", " 3", ...) follows the last name. */
export function demoPersonName(i: number): { first: string; last: string; suffix: string } {
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
  const suffix = i >= FIRST.length * LAST.length ? ` ${Math.floor(i / (FIRST.length * LAST.length)) + 1}` : "";
  return { first, last, suffix };
}

/** The display names of the first `count` generated people, as the seed names them. */
export function demoPeopleNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const { first, last, suffix } = demoPersonName(i);
    return `${first} ${last}${suffix}`;
  });
}
