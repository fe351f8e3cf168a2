import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = process.cwd();

describe('max-lines in src', () => {
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => ruleId === 'max-lines',
  });

  it('is an error at 400 lines, blank and comment lines counted, in every kind of source file', async () => {
    for (const file of ['src/main/core/outbox/outbox.ts', 'src/renderer/App.tsx', 'src/shared/contract.ts']) {
      const config = (await eslint.calculateConfigForFile(join(root, file))) as { rules: Record<string, unknown[]> };
      expect(config.rules['max-lines'], file).toEqual([2, { max: 400, skipBlankLines: false, skipComments: false }]);
    }
  });

  it('fails a file of 401 lines, comments included', async () => {
    const text = `export const a = 1;\n${'// a line\n'.repeat(400)}`;
    const [r] = await eslint.lintText(text, { filePath: join(root, 'src/shared/probe.ts') });
    expect(r!.messages.map((m) => m.ruleId)).toEqual(['max-lines']);
  });
});
