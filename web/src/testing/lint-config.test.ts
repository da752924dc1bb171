// @vitest-environment node
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Runs the real eslint.config.js (the one `make lint` uses) on small sources placed at virtual
 * paths, so the architecture rules are proven to fire: a feature importing another feature, shared
 * code importing a feature, a barrel file, and a broken rule of hooks.
 */
// tsconfig.app has no Node types; the file URL's path is the web/ folder (POSIX paths only).
const webRoot = decodeURIComponent(new URL('../..', import.meta.url).pathname);
let eslint: ESLint;

// The first lint loads the TypeScript parser and resolver (seconds on a busy machine): do it once
// here, with room, so each case measures only its own file.
beforeAll(async () => {
  eslint = new ESLint({ cwd: webRoot });
  await eslint.lintText('export {};\n', { filePath: `${webRoot}src/lib/warm-up.ts` });
}, 60_000);

async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${webRoot}${path}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('eslint.config.js', { timeout: 20_000 }, () => {
  it.each([
    ['an alias import', `import { slotTokens } from '@/features/slots/utils/tokens';\nexport const f = slotTokens;\n`],
    ['a relative import', `import { slotTokens } from '../slots/utils/tokens';\nexport const f = slotTokens;\n`],
  ])('fails a cross-feature import (%s)', async (_, code) => {
    const msgs = await ruleIds('src/features/burn/cross-feature.ts', code);
    expect(msgs).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A feature imports only components\/, lib\/, types\//),
    ]);
  });

  it('lets a feature import components/, lib/, types/ and its own folder', async () => {
    const code = [
      "import { Button } from '@/components/ui/button';",
      "import { formatUnits } from '@/lib/amounts';",
      "import type { Token } from '@/types/api';",
      "import { slotTokens } from '@/features/slots/utils/tokens';",
      'export const all = [Button, formatUnits, slotTokens] as const;',
      'export type T = Token;',
      '',
    ].join('\n');
    expect(await ruleIds('src/features/slots/own-folder.ts', code)).toEqual([]);
  });

  it('fails shared code that imports a feature', async () => {
    const code = `import { slotTokens } from '@/features/slots/utils/tokens';\nexport const f = slotTokens;\n`;
    const msgs = await ruleIds('src/lib/uses-feature.ts', code);
    expect(msgs).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*lib\/ is shared code/)]);
  });

  it('fails a barrel file', async () => {
    const msgs = await ruleIds('src/lib/tx/index.ts', `export * from '@/lib/tx/use-transaction';\n`);
    expect(msgs.some((m) => m.startsWith('no-restricted-syntax: No barrel files'))).toBe(true);
    const reexport = await ruleIds('src/lib/reexport.ts', `export { formatUnits } from '@/lib/amounts';\n`);
    expect(reexport).toEqual([expect.stringMatching(/^no-restricted-syntax: No barrel files or re-exports/)]);
  });

  it('fails a hook called conditionally', async () => {
    const code = [
      "import { useState } from 'react';",
      'export function useX(on: boolean) {',
      '  if (on) useState(0);',
      '}',
      '',
    ].join('\n');
    const msgs = await ruleIds('src/lib/use-x.ts', code);
    expect(msgs).toEqual([expect.stringMatching(/^react-hooks\/rules-of-hooks: /)]);
  });
});
