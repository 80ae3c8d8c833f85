// The layers are checked by lint (eslint.config.js). Client: a feature importing another feature, or
// a component reaching up into a feature, fails `npm run lint`; the same imports from a route pass.
// Server: db, lib, modules and plugins never reach up; only ssr renders client components.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** The restricted-import messages lint gives `code` as if it were the file at `file`. */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages
    .filter((m) =>
      ['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'layers/one-feature'].includes(
        m.ruleId ?? '',
      ),
    )
    .map((m) => m.message);
}

describe('client layers', () => {
  it('refuses a feature importing another feature, by either path', async () => {
    for (const source of ['../apps/api', '../../features/apps/api']) {
      const errors = await importErrors(
        'src/client/features/blogs/example.ts',
        `import { useApps } from '${source}';\nexport const x = useApps;\n`,
      );
      expect(errors, source).toEqual([expect.stringContaining('A feature does not import another feature')]);
    }
    // From a folder inside a feature too; its own files by any path are fine.
    expect(
      await importErrors(
        'src/client/features/apps/editor/example.ts',
        "import { x } from '../../blogs/api';\nexport { y } from '../api';\nimport { z } from './values';\nexport const w = [x, z];\n",
      ),
    ).toEqual([expect.stringContaining('(apps imports blogs)')]);
  });

  it('refuses lower layers reaching up, and lets a route compose features', async () => {
    expect(
      await importErrors(
        'src/client/components/example.ts',
        "import { useApps } from '../features/apps/api';\nexport const x = useApps;\n",
      ),
    ).toEqual([expect.stringContaining('Components and lib sit below')]);
    expect(
      await importErrors(
        'src/client/features/blogs/example.ts',
        "import { x } from '../../routes/admin/blog-posts';\nexport const y = x;\n",
      ),
    ).toEqual([expect.stringContaining('Features sit below routes')]);
    expect(
      await importErrors(
        'src/client/routes/admin/example.ts',
        "import { useApps } from '../../features/apps/api';\nimport { x } from '../../features/blogs/api';\nexport const y = [useApps, x];\n",
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        'src/client/lib/example.ts',
        "import { Button } from '../components/ui/button';\nexport const x = Button;\n",
      ),
    ).toEqual([expect.stringContaining('lib is the lowest client layer')]);
    // Within a feature, and down into components and lib, is fine.
    expect(
      await importErrors(
        'src/client/features/blogs/example.ts',
        "import { x } from './api';\nimport { Button } from '../../components/ui/button';\nimport { http } from '../../lib/http';\nexport const y = [x, Button, http];\n",
      ),
    ).toEqual([]);
  });

  it('puts the page kit between features and pages: pages use it, it never reaches the pages or the router', async () => {
    expect(
      await importErrors(
        'src/client/routes/public/example.tsx',
        "import { Head } from '../../page-kit/head';\nimport { useApps } from '../../features/apps/api';\nexport const x = [Head, useApps];\n",
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        'src/client/page-kit/example.ts',
        "import { useApps } from '../features/apps/api';\nimport { x } from '../../shared/paths';\nexport const y = [useApps, x];\n",
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        'src/client/page-kit/example.ts',
        "import AboutPage from '../routes/public/about';\nexport const x = AboutPage;\n",
      ),
    ).toEqual([expect.stringContaining('The page kit sits below the pages')]);
    expect(
      await importErrors(
        'src/client/page-kit/example.ts',
        "import { routes } from '../app/public-pages';\nexport const x = routes;\n",
      ),
    ).toEqual([expect.stringContaining('The page kit sits below the pages')]);
    expect(
      await importErrors(
        'src/client/routes/public/example.tsx',
        "import { PublicLayout } from '../../app/public-layout';\nexport const x = PublicLayout;\n",
      ),
    ).toEqual([expect.stringContaining('Pages sit below the router')]);
    expect(
      await importErrors(
        'src/client/features/apps/example.ts',
        "import { useSite } from '../../page-kit/site-context';\nexport const x = useSite;\n",
      ),
    ).toEqual([expect.stringContaining('Features sit below routes, the page kit')]);
  });
});

describe('server layers', () => {
  it('keeps db the lowest layer: no module, plugin, page, seed or lib', async () => {
    for (const source of [
      '../modules/apps/apps.repo',
      '../plugins/auth',
      '../ssr/pages',
      '../seed/seed',
      '../lib/sanitize',
    ]) {
      expect(
        await importErrors('src/server/db/example.ts', `import { x } from '${source}';\nexport const y = x;\n`),
        source,
      ).toEqual([expect.stringContaining('db is the lowest server layer')]);
    }
    expect(
      await importErrors('src/server/db/example.ts', "import { apps } from './schema';\nexport const y = apps;\n"),
    ).toEqual([]);
  });

  it('lets lib import lib, shared and the database types, nothing else', async () => {
    expect(
      await importErrors(
        'src/server/lib/example.ts',
        "import type { Db } from '../db/client';\nimport { slugify } from '../../shared/slug';\nimport { iso } from './rows';\nexport const y = (db: Db) => [db, slugify, iso];\n",
      ),
    ).toEqual([]);
    expect(
      await importErrors('src/server/lib/example.ts', "import { apps } from '../db/schema';\nexport const y = apps;\n"),
    ).toEqual([expect.stringContaining('lib takes only types from db')]);
    for (const source of ['../modules/apps/apps.repo', '../config', '../plugins/auth', '../../client/lib/http']) {
      const errors = await importErrors(
        'src/server/lib/example.ts',
        `import { x } from '${source}';\nexport const y = x;\n`,
      );
      expect(errors.length, source).toBeGreaterThan(0);
    }
  });

  it('keeps modules and plugins below ssr, the seed and the app; modules may use each other', async () => {
    expect(
      await importErrors(
        'src/server/modules/apps/example.ts',
        "import { productionWeb } from '../../ssr/web';\nexport const y = productionWeb;\n",
      ),
    ).toEqual([expect.stringContaining('Modules and plugins sit below ssr')]);
    expect(
      await importErrors(
        'src/server/plugins/example.ts',
        "import { buildApp } from '../app';\nexport const y = buildApp;\n",
      ),
    ).toEqual([expect.stringContaining('Modules and plugins sit below ssr')]);
    expect(
      await importErrors(
        'src/server/modules/blogs/example.ts',
        "import { appsRepo } from '../apps/apps.repo';\nimport { apps } from '../../db/schema';\nexport const y = [appsRepo, apps];\n",
      ),
    ).toEqual([]);
  });

  it('lets only ssr render client components (the one designed exception)', async () => {
    const component = "import { App } from '../../client/app/app';\nexport const y = App;\n";
    expect(await importErrors('src/server/ssr/example.ts', component)).toEqual([]);
    expect(await importErrors('src/server/modules/apps/example.ts', component.replace('../../', '../../../'))).toEqual([
      expect.stringContaining('The server does not import the client'),
    ]);
    expect(await importErrors('src/server/example.ts', component.replace('../../', '../'))).toEqual([
      expect.stringContaining('The server does not import the client'),
    ]);
  });

  it('keeps shared free of client and server, and the client free of the server', async () => {
    expect(
      await importErrors(
        'src/shared/example.ts',
        "import { appsRepo } from '../server/modules/apps/apps.repo';\nexport const y = appsRepo;\n",
      ),
    ).toHaveLength(1);
    expect(
      await importErrors(
        'src/shared/example.ts',
        "import { http } from '../client/lib/http';\nexport const y = http;\n",
      ),
    ).toHaveLength(1);
    expect(
      await importErrors(
        'src/client/routes/example.ts',
        "import { appsRepo } from '../../server/modules/apps/apps.repo';\nexport const y = appsRepo;\n",
      ),
    ).toHaveLength(1);
  });
});
