import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Boundaries: shared is isomorphic; the client never imports the server, nor the server the client.
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/client/**', 'node:*', 'react', 'react-dom', 'fastify', 'drizzle-orm*'] },
      ],
    },
  },
  {
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }] },
  },
  // Layers of the client, one direction (shared → lib → components → features → page-kit → routes →
  // app): a feature never imports another feature (the route that shows both composes them), and the
  // lower layers never import the upper ones. The page kit is what every page uses (its head, SEO
  // texts, the site, the render's form state, the page definition); app/ is the router and layout.
  // (ESLint takes the last matching config's options for a rule, so each block repeats the
  // client-wide patterns.)
  {
    files: ['src/client/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'node:*'] },
            {
              regex: String.raw`^\.\./(?!\.\.)[^/]+/|^(\.\./)+features/`,
              message: 'A feature does not import another feature: let the route compose them (STYLE.md).',
            },
            {
              regex: String.raw`^(\.\./)+(page-kit|routes|app|islands)/`,
              message: 'Features sit below routes, the page kit, the app and the islands.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/components/**', 'src/client/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'node:*'] },
            {
              regex: String.raw`^(\.\./)+(features|page-kit|routes|app|islands)/`,
              message: 'Components and lib sit below features, the page kit, routes, the app and the islands.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'node:*'] },
            {
              regex: String.raw`^(\.\./)+(components|features|page-kit|routes|app|islands)/`,
              message: 'lib is the lowest client layer: it imports only shared code and other lib files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/page-kit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'node:*'] },
            {
              regex: String.raw`^(\.\./)+(routes|app)/`,
              message: 'The page kit sits below the pages (routes) and the router (app): they use it, never it them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'node:*'] },
            {
              regex: String.raw`^(\.\./)+app/`,
              message: 'Pages sit below the router (app): what they share belongs in the page kit.',
            },
          ],
        },
      ],
    },
  },
);
