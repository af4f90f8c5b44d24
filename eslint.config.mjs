// ESLint for the TypeScript sources and the dashboard's browser scripts (`npm run lint`).
// Formatting is Prettier's job (`npm run format:check`); these rules catch mistakes.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      // `_name` marks a parameter an interface requires but this implementation does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A variable a closure reads before its one assignment (a generator reading the account it
      // belongs to) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // require() remains only where the path is computed (migrations, services' config schemas,
      // manifests' models): import() there would bypass jest's transformer of the sources.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Tests may reach into loosely typed JSON bodies.
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['tools/jest/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    files: ['services/config-service/src/dashboard/public/**/*.js', 'services/accounts-api/src/**/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'module' },
  },
);
