// Everything the emulator generates is a pure function of (seed, stream, index, field), so a
// page of a million-object account costs the same as the first page and nothing is stored.
// The mixer is murmur3's 32-bit finaliser: fast, no allocation, good avalanche.

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a string (FNV-1a then mixed): turns seeds and names into numbers. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/**
 * Uniform 32-bit value for (seed, index, field). `index` may exceed 2^32 in principle; its high
 * part is folded in so distinct indexes stay distinct.
 */
export function hash3(seed: number, index: number, field: number): number {
  const high = Math.floor(index / 0x100000000);
  let h = fmix32((seed ^ Math.imul(index >>> 0, 0x9e3779b1)) >>> 0);
  h = fmix32((h ^ Math.imul(field + 1, 0x85ebca77) ^ high) >>> 0);
  return h;
}

/** A value in [0, 1) for (seed, index, field). */
export function unit(seed: number, index: number, field: number): number {
  return hash3(seed, index, field) / 0x100000000;
}

/** An integer in [min, max] inclusive for (seed, index, field). */
export function intBetween(seed: number, index: number, field: number, min: number, max: number): number {
  return min + Math.floor(unit(seed, index, field) * (max - min + 1));
}

/** One element of a non-empty list for (seed, index, field). */
export function pick<const A extends readonly [unknown, ...unknown[]]>(seed: number, index: number, field: number, items: A): A[number] {
  return items[hash3(seed, index, field) % items.length] ?? items[0];
}

/** An element chosen by weight: `[[value, weight], …]`, weights summing to anything positive. */
export function weighted<T>(seed: number, index: number, field: number, choices: readonly (readonly [T, number])[], fallback: T): T {
  let total = 0;
  for (const [, weight] of choices) total += weight;
  let roll = unit(seed, index, field) * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return fallback;
}
