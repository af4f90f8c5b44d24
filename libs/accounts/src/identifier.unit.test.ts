import { isValidIdentifier } from './identifier';

describe('isValidIdentifier', () => {
  it('accepts provider ids and the identifiers integrators use', () => {
    for (const id of ['acct_1NbTYkLkdIwHu7ix', 'customer-42', 'shop.example.com', 'ops@example.com', 'A', '9_9', 'x'.repeat(255)]) {
      expect(isValidIdentifier(id)).toBe(true);
    }
  });

  it('refuses what would be unsafe as a column value, folder name or path segment', () => {
    for (const id of ['', '-leading', '.hidden', '_x', 'a/b', 'a b', 'a\u0000b', 'é', 'x'.repeat(256), "o'hara", 'a\nb']) {
      expect(isValidIdentifier(id)).toBe(false);
    }
  });
});
