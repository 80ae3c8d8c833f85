// The client's layers are checked by lint (eslint.config.js): a feature importing another feature,
// or a component reaching up into a feature, fails `npm run lint`; the same imports from a route pass.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** The restricted-import messages lint gives `code` as if it were the file at `file`. */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
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
