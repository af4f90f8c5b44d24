import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the dashboard's static files are. They are plain files that tsc does not copy, so the
 * built service (dist/dashboard) serves them from its sources (src/dashboard/public), which the
 * image ships alongside dist; tests running the sources find them next to this file.
 */
export function publicRoot(): string {
  const beside = path.join(__dirname, 'public');
  if (existsSync(beside)) return beside;
  return path.resolve(__dirname, '..', '..', 'src', 'dashboard', 'public');
}
