import base from './eslint.config.js';
import tseslint from 'typescript-eslint';
export default [
  ...base,
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({ ...c, files: ['**/*.ts', '**/*.tsx'] })),
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ['*.vite.config.ts', 'eslint/*.d.ts'] }, tsconfigRootDir: import.meta.dirname } },
  },
];
