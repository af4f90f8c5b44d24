import { fromBase62, randomBase62, toBase62 } from './base62';
import { hash3, hashString } from '../kit/hash';

const TAG_LENGTH = 10;
const INDEX_LENGTH = 8;
const CHECK_LENGTH = 6;
/** 62^8: the largest index an id can carry. */
export const MAX_ENCODED_INDEX = 62 ** INDEX_LENGTH - 1;
const HALF = 62 ** (INDEX_LENGTH / 2);

/**
 * Object ids carry their account's tag and their index, so `starting_after=ch_…` resolves to a
 * position in O(1) without any lookup table; the check characters make a made-up or mistyped
 * id a clean 404 instead of a wrong object. Shape: `<prefix>_<tag:10><index:8><check:6>`, the
 * 24 characters after the prefix that Stripe ids have.
 */
export class IdCodec {
  private readonly salt: number;
  private readonly head: string;

  constructor(
    readonly prefix: string,
    tag: string,
  ) {
    if (tag.length !== TAG_LENGTH) throw new Error(`account tag must have ${TAG_LENGTH} characters`);
    this.salt = hashString(`${prefix}:${tag}`);
    this.head = `${prefix}_${tag}`;
  }

  encode(index: number): string {
    return this.head + toBase62(this.scramble(index, 1), INDEX_LENGTH) + this.check(index);
  }

  /** The index an id of this codec carries, or undefined when it is not one of ours. */
  decode(id: string): number | undefined {
    if (id.length !== this.head.length + INDEX_LENGTH + CHECK_LENGTH || !id.startsWith(this.head)) return undefined;
    const indexPart = id.slice(this.head.length, this.head.length + INDEX_LENGTH);
    const scrambled = fromBase62(indexPart);
    if (scrambled === undefined || scrambled > MAX_ENCODED_INDEX) return undefined;
    const index = this.scramble(scrambled, -1);
    return id.endsWith(this.check(index)) ? index : undefined;
  }

  // A three-round Feistel permutation of [0, 62^8) over two base-62 halves: consecutive indexes
  // get unrelated-looking ids (as Stripe's are), and decoding stays exact and O(1).
  private scramble(value: number, direction: 1 | -1): number {
    let left = Math.floor(value / HALF);
    let right = value % HALF;
    for (let round = 0; round < 3; round++) {
      const key = direction === 1 ? round : 2 - round;
      if (direction === 1) [left, right] = [right, (left + (hash3(this.salt, right, 3000 + key) % HALF)) % HALF];
      else [left, right] = [(right - (hash3(this.salt, left, 3000 + key) % HALF) + HALF) % HALF, left];
    }
    return left * HALF + right;
  }

  // Two hashes rather than one per character: ids are built several times per generated object.
  private check(index: number): string {
    return toBase62(hash3(this.salt, index, 1000) % 916_132_832, CHECK_LENGTH - 1) + toBase62(hash3(this.salt, index, 1001) % 62, 1);
  }
}

/** The 10-character tag an account's object ids carry, derived from its seed. */
export function accountTag(seed: number): string {
  return randomBase62(TAG_LENGTH, (i) => hash3(seed, 0, 2000 + i));
}
