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
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['services/config-service/src/dashboard/public/**/*.js', 'services/accounts-api/src/**/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'module' },
  },
);
