/**
 * Rounds an exact fraction of a poisha to a whole poisha, half to even (banker's rounding): a
 * tie goes to the even neighbour, so over many postings ties round up as often as down and the
 * bank neither gains nor loses on them.
 *
 * Worked example: 5/2 poisha (2.5) → 2n; 7/2 (3.5) → 4n; 11/4 (2.75) → 3n; −5/2 → −2n.
 */
export function roundHalfToEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('the denominator must be positive');
  // BigInt division truncates toward zero; floor it so negative numerators round the same way.
  let quotient = numerator / denominator;
  let remainder = numerator % denominator;
  if (remainder < 0n) {
    quotient -= 1n;
    remainder += denominator;
  }
  const twiceRemainder = 2n * remainder;
  if (twiceRemainder > denominator) return quotient + 1n;
  if (twiceRemainder < denominator) return quotient;
  return quotient % 2n === 0n ? quotient : quotient + 1n;
}

/** Rounds a non-negative fraction half up: 5/2 → 3n, 7/2 → 4n, 11/4 → 3n. */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('the denominator must be positive');
  if (numerator < 0n) throw new RangeError('only a non-negative amount is rounded half up here');
  return (2n * numerator + denominator) / (2n * denominator);
}
