import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import fs from 'node:fs';
import globals from 'globals';

/** What no web file may import: server code, and the toast library except through lib/toast. */
const webImportRules = {
  patterns: [{ group: ['**/server/**'], message: 'The web app never imports server code.' }],
  paths: [{ name: 'react-hot-toast', message: 'Raise toasts with lib/toast: the library is fetched only when a page has something to say.' }],
};

/**
 * A feature (src/web/features/<name>) never imports another: what two features share lives in
 * components/ or lib/, and only the app (src/web/app) puts features together.
 */
const webFeatures = fs
  .readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = webFeatures.map((feature) => ({
  files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        ...webImportRules,
        patterns: [
          ...webImportRules.patterns,
          {
            group: webFeatures.filter((other) => other !== feature).flatMap((other) => [`**/features/${other}/**`, `../../${other}/**`, `../../../${other}/**`]),
            message: 'A feature does not import another feature: move what both need to components/ or lib/.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'drizzle/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits or catches loses its failure, a promise handed to
    // what expects nothing is never awaited (React's handlers take react-hook-form's async submit
    // on purpose), and a condition the types say cannot change is dead code or a type that lies.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unnecessary-condition': 'error',
    },
  },
  {
    // Tests guard their clean-up against a set-up that failed part way (an `afterAll` after a
    // `beforeAll` that threw), which the declared types cannot know.
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unnecessary-condition': 'off' },
  },
  {
    // No import circles: a module and what it imports form a tree, so each can be read, tested and
    // loaded on its own. A type-only import is gone once compiled, and a lazy import() is how a page
    // loads later: neither counts. The parser is named so that the rule can read the .ts it follows.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', webImportRules],
    },
  },
  ...featureBoundaries,
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'react', '**/server/**', '**/web/**'], message: 'shared code stays free of node, React and either side.' }] }],
    },
  },
);
