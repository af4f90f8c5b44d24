import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');
