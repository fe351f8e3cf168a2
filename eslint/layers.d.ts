import type { ESLint, Rule } from 'eslint';

export interface Layer {
  name: string;
  files: string;
  allow: string[];
  deny?: string[];
  builtins: boolean;
  packages?: string[];
}

export const layers: Layer[];
export function isBuiltin(spec: string): boolean;
declare const plugin: ESLint.Plugin & { rules: { imports: Rule.RuleModule } };
export default plugin;
