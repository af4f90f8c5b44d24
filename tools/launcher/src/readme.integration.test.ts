import fs from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './config';

// The README is what a new developer reads first: the two commands stay in it, verbatim.

it('starts with the two commands a new developer needs', async () => {
  const readme = await fs.readFile(path.join(repoRoot, 'README.md'), 'utf8');
  expect(readme).toContain('npm install && npm start');
  expect(readme).toMatch(/^npm test$/m);
});
