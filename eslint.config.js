import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FEATURES = path.resolve(import.meta.dirname, 'src/client/features');

/** The feature a file or import target lies in (features/<name>/…), or undefined outside them. */
const featureOf = (file) => {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep)[0];
};

/**
 * A feature never imports another feature, from any depth (features/apps/editor/x.ts importing
 * ../../blogs/api too): each relative import is resolved against the file and its feature compared.
 */
const oneFeature = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(context.filename), source));
      if (target && target !== own) {
        context.report({
          node: node.source,
          message: `A feature does not import another feature (${own} imports ${target}): let the route compose them (STYLE.md).`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * A layer's config block: `no-restricted-imports` with the patterns of its whole side (`wide`) and
 * its own. ESLint takes a rule's options from the last block that matches a file, not a merge, so
 * each layer's block must carry the side-wide patterns too; building every block here keeps them in one place.
 */
const layer = (wide, files, patterns, { rules, ...rest } = {}) => ({
  files,
  ...rest,
  rules: { 'no-restricted-imports': ['error', { patterns: [...wide, ...patterns] }], ...rules },
});

/** Server code never imports the client (ssr, the one exception, is built with `layer` directly). */
const SERVER_WIDE = [
  { group: ['**/client/**'], message: 'The server does not import the client (only ssr renders it).' },
];
/** Client code never imports the server or Node. */
const CLIENT_WIDE = [{ group: ['**/server/**', 'node:*'] }];
/** Tests sit outside the server's layers (a route test may build the whole app). */
const TESTS = ['**/*.test.ts'];

const serverLayer = (files, patterns, options = {}) =>
  layer(SERVER_WIDE, files, patterns, { ignores: TESTS, ...options });
const clientLayer = (files, patterns, options) => layer(CLIENT_WIDE, files, patterns, options);

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
  clientLayer(['src/client/**'], []),
  // Layers of the server, one direction (shared → db → lib → modules and plugins (one layer) → ssr and the seed →
  // app.ts and index.ts): a layer never imports one above it. Tests sit outside the layers (a route
  // test may build the whole app, pages and all), so these blocks leave `*.test.ts` out.
  serverLayer(['src/server/**'], []),
  serverLayer(
    ['src/server/db/**'],
    [
      {
        regex: String.raw`^\.\./(modules|plugins|ssr|seed|lib)(/|$)|^\.\./(app|types)$`,
        message:
          'db is the lowest server layer (tables, client, migrations): it imports no lib, modules, plugins, ssr or seed.',
      },
    ],
  ),
  serverLayer(
    ['src/server/lib/**'],
    [
      {
        regex: String.raw`^\.\./(?!db/)[^./]|^\.\./\.\./(?!shared/)`,
        message: 'lib holds helpers every layer uses: it imports only lib, shared and the database types.',
      },
    ],
    {
      rules: {
        // The database's types (Db, Database) yes; its tables or client no: queries belong to the repos.
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['../db/*'],
                allowTypeImports: true,
                message: 'lib takes only types from db (import type): queries belong to the repos.',
              },
            ],
          },
        ],
      },
    },
  ),
  serverLayer(
    ['src/server/modules/**', 'src/server/plugins/**'],
    [
      {
        regex: String.raw`^(\.\./)+(ssr|seed)(/|$)|^(\.\./)+app$`,
        message: 'Modules and plugins sit below ssr, the seed and the app that compose them.',
      },
    ],
  ),
  serverLayer(
    ['src/server/seed/**'],
    [
      {
        regex: String.raw`^\.\./(ssr|plugins)(/|$)|^\.\./app$`,
        message: 'The seed writes through the modules’ repos: it needs no plugin, page or app.',
      },
    ],
  ),
  // The one designed exception: ssr renders the client's components (its pages and islands) on the
  // server, so it may import src/client/**; it still sits below the seed and the app.
  layer(
    [],
    ['src/server/ssr/**'],
    [{ regex: String.raw`^\.\./(seed)(/|$)|^\.\./app$`, message: 'ssr sits below the seed and the app.' }],
    {
      ignores: TESTS,
    },
  ),
  // Layers of the client, one direction (shared → lib → components → features → page-kit → routes →
  // app): a feature never imports another feature (the route that shows both composes them), and the
  // lower layers never import the upper ones. The page kit is what every page uses (its head, SEO
  // texts, the site, the render's form state, the page definition); app/ is the router and layout.
  clientLayer(
    ['src/client/features/**'],
    [
      {
        regex: String.raw`^(\.\./)+(page-kit|routes|app|islands)/`,
        message: 'Features sit below routes, the page kit, the app and the islands.',
      },
    ],
    { plugins: { layers: { rules: { 'one-feature': oneFeature } } }, rules: { 'layers/one-feature': 'error' } },
  ),
  clientLayer(
    ['src/client/components/**', 'src/client/lib/**'],
    [
      {
        regex: String.raw`^(\.\./)+(features|page-kit|routes|app|islands)/`,
        message: 'Components and lib sit below features, the page kit, routes, the app and the islands.',
      },
    ],
  ),
  clientLayer(
    ['src/client/lib/**'],
    [
      {
        regex: String.raw`^(\.\./)+(components|features|page-kit|routes|app|islands)/`,
        message: 'lib is the lowest client layer: it imports only shared code and other lib files.',
      },
    ],
  ),
  clientLayer(
    ['src/client/page-kit/**'],
    [
      {
        regex: String.raw`^(\.\./)+(routes|app)/`,
        message: 'The page kit sits below the pages (routes) and the router (app): they use it, never it them.',
      },
    ],
  ),
  clientLayer(
    ['src/client/routes/**'],
    [
      {
        regex: String.raw`^(\.\./)+app/`,
        message: 'Pages sit below the router (app): what they share belongs in the page kit.',
      },
    ],
  ),
);
