import fs from 'node:fs';
import path from 'node:path';
import { forbiddenReason, isTestCode, moduleSpecifiers, productionImportViolations, sourceFiles } from './productionImports';

// Same depth from src/ (jest) and from dist/ (built).
const repoRoot = path.resolve(__dirname, '../../..');

describe('production code and test code', () => {
  it('no production file imports test helpers, @datasync/testing or a development-only package', () => {
    expect(productionImportViolations(repoRoot)).toEqual([]);
  });

  it('test helpers live in testing folders, not in files or folders named after test support', () => {
    const misplaced = sourceFiles(repoRoot).filter((file) => /testSupport/i.test(file));
    expect(misplaced).toEqual([]);
  });

  it('@datasync/testing is only ever a devDependency', () => {
    const manifests = ['libs', 'clients', 'services', 'tools']
      .flatMap((top) => fs.readdirSync(path.join(repoRoot, top)).map((pkg) => path.join(top, pkg, 'package.json')))
      .concat('bench/package.json', 'package.json')
      .filter((manifest) => fs.existsSync(path.join(repoRoot, manifest)));
    const runtime = manifests.filter((manifest) => {
      const json = JSON.parse(fs.readFileSync(path.join(repoRoot, manifest), 'utf8')) as { dependencies?: Record<string, string> };
      return json.dependencies?.['@datasync/testing'] !== undefined;
    });
    expect(runtime).toEqual([]);
  });

  describe('the check itself', () => {
    const devOnly = new Set(['s3rver', 'supertest', '@scope/tool']);
    const file = path.join('libs', 'destinations', 'src', 'engines', 's3', 's3Check.ts');

    it('finds every kind of import in a source', () => {
      const source = [
        "import a from 'a';",
        "import type { B } from '@scope/b';",
        "import 'side-effect';",
        "export { c } from './c';",
        "const d = await import('d/sub');",
        "const e = require('e');",
        "const f = require.resolve('f/package.json');",
      ].join('\n');
      expect(moduleSpecifiers(source)).toEqual(['a', '@scope/b', 'side-effect', './c', 'd/sub', 'e', 'f/package.json']);
    });

    it('refuses test helpers, testing entries and development-only packages', () => {
      expect(forbiddenReason(file, '../../testing/testS3Server', devOnly)).toMatch(/test helper/);
      expect(forbiddenReason(file, '../../testing', devOnly)).toMatch(/test helper/);
      expect(forbiddenReason(file, './testSupport/readParts', devOnly)).toMatch(/test-support/);
      expect(forbiddenReason(file, '@datasync/testing', devOnly)).toMatch(/devDependency/);
      expect(forbiddenReason(file, '@datasync/providers/testing', devOnly)).toMatch(/testing entry/);
      expect(forbiddenReason(file, 's3rver/lib/server', devOnly)).toMatch(/development/);
      expect(forbiddenReason(file, '@scope/tool', devOnly)).toMatch(/development/);
    });

    it('allows production modules, runtime packages and node built-ins', () => {
      for (const specifier of ['./s3Handle', '../../connect', '@datasync/providers', '@aws-sdk/client-s3', 'node:fs', 'supertest-like']) {
        expect(forbiddenReason(file, specifier, devOnly)).toBeUndefined();
      }
    });

    it('counts tests, testing folders and this package as test code', () => {
      expect(isTestCode('services/loader/src/backfill/backfill.integration.test.ts')).toBe(true);
      expect(isTestCode('services/loader/src/testing/harness.ts')).toBe(true);
      expect(isTestCode('libs/testing/src/waitFor.ts')).toBe(true);
      expect(isTestCode('services/loader/src/backfill/startBackfill.ts')).toBe(false);
      expect(isTestCode('libs/providers/src/stripe/testClockListing.ts')).toBe(false);
    });
  });
});
