import { capStack, capText, MAX_TEXT_CHARS } from './capText';
import { redactAndCap } from './redact';

describe('capText', () => {
  it('keeps text up to the limit whole', () => {
    const text = 'x'.repeat(MAX_TEXT_CHARS);
    expect(capText(text)).toBe(text);
  });

  it('keeps the head and the tail of longer text, naming how much was cut', () => {
    const text = `${'h'.repeat(80)}${'m'.repeat(1_000)}${'t'.repeat(30)}`;
    expect(capText(text, 100)).toBe(`${'h'.repeat(75)}… [truncated 1010 chars] …${'t'.repeat(25)}`);
    expect(capText('x'.repeat(300_000)).length).toBeLessThan(MAX_TEXT_CHARS + 40);
  });

  it('never splits a surrogate pair', () => {
    const text = `${'a'.repeat(74)}${'\u{1f600}'.repeat(100)}`;
    const out = capText(text, 100);
    expect(out).toMatch(/^a{74}… \[truncated \d+ chars\] …/);
    expect(out).toMatch(/…(\u{1f600})+$/u);
  });
});

describe('capStack', () => {
  it('cuts a long message without losing the frames after it', () => {
    const frames = '\n    at write (/app/writer.js:10:5)\n    at run (/app/job.js:3:1)';
    const out = capStack(`Error: ${'m'.repeat(10_000)}${frames}`, 100);
    expect(out).toBe(`Error: ${'m'.repeat(68)}… [truncated 9907 chars] …${'m'.repeat(25)}${frames}`);
    expect(capStack('no frames here', 100)).toBe('no frames here');
  });
});

describe('redactAndCap', () => {
  it('masks before cutting, so no part of a secret shows at the cut', () => {
    // Cut first, the cut would fall inside the key and show its first four characters.
    const key = `x ${'k'.repeat(60)} sk_test_${'q'.repeat(60)} ${'y'.repeat(200)}`;
    expect(redactAndCap(key, 100)).not.toContain('q');
    expect(redactAndCap(key, 100)).toContain('sk_test_[RED… [truncated');
    // Cut first, the URL's password would lose its '@' and no longer look like one.
    const url = `postgres://loader:${'w'.repeat(300)}@db.example.com/app ${'y'.repeat(200)}`;
    expect(redactAndCap(url, 100)).toMatch(/^postgres:\/\/loader:\[REDACTED\]@db\.example\.com\/app y+… \[truncated/);
    expect(redactAndCap(url, 100)).not.toContain('w');
  });
});
