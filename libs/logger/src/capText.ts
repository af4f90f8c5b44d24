/**
 * About the longest text kept of one logged or stored value (a message, a stack, an account's
 * error reason). A driver's or a destination's error can be as long as its server likes (a
 * trigger's RAISE of 300 KB, knex quoting a 1,000-row INSERT): kept whole, it would swell every log
 * line, failed job and status event it is copied into.
 */
export const MAX_TEXT_CHARS = 4_096;

// The end of a long text is kept too: a stack's frames, the server's words after a quoted statement.
const TAIL_SHARE = 4;

/**
 * `text` cut to its first and last characters, `max` in all, around a marker naming how many were
 * left out: `… [truncated N chars] …`. A surrogate pair is never split.
 */
export function capText(text: string, max = MAX_TEXT_CHARS): string {
  if (text.length <= max) return text;
  const tail = Math.floor(max / TAIL_SHARE);
  let headEnd = max - tail;
  let tailStart = text.length - tail;
  if (isHighSurrogate(text.charCodeAt(headEnd - 1))) headEnd -= 1;
  if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart += 1;
  return `${text.slice(0, headEnd)}… [truncated ${tailStart - headEnd} chars] …${text.slice(tailStart)}`;
}

// Where V8's stack frames start; what comes before is `Name: message`, as long as the message.
const FIRST_FRAME = '\n    at ';

/**
 * A stack cut as two texts, the message and the frames, so that a long message does not push the
 * frames (where the error came from) out of what is kept.
 */
export function capStack(stack: string, max = MAX_TEXT_CHARS): string {
  const frames = stack.indexOf(FIRST_FRAME);
  if (frames === -1) return capText(stack, max);
  return capText(stack.slice(0, frames), max) + capText(stack.slice(frames), max);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
