/**
 * The wire calls a live record `success` (`docs/wire-names.md`); the database calls it `active`, the word its
 * checks, indexes and list counters use. Every other status (`pending`, `declined`,
 * `cancelled`, `repaid`) is spelt the same on both sides, so this is the one translation.
 */
export type SpokenStatus<Stored extends string> = Stored extends 'active' ? 'success' : Stored;

export function spokenStatus<Stored extends string>(stored: Stored): SpokenStatus<Stored> {
  return (stored === 'active' ? 'success' : stored) as SpokenStatus<Stored>;
}
