import type { ParseKeys } from 'i18next';
import type { Namespace, resources } from './index';

/**
 * i18next checks keys against the English catalog: `t('nonexistent.key')` fails the type check,
 * in the renderer (react-i18next) and the CLI alike. A key built at run time must be a template
 * literal whose parts are known unions (`decision.${Decision}`), or be checked by the caller.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    /**
     * Unprefixed keys are of `common` (the runtime's default namespace); `ns:key` reaches any
     * namespace from any `t` (the runtime resolves the prefix whatever the default).
     */
    defaultNS: ['common', ...Exclude<Namespace, 'common'>[]];
    resources: (typeof resources)['en'];
    returnNull: false;
  }
}

/** Every namespace, `common` first (the runtime's default). */
export type AllNamespaces = ['common', ...Exclude<Namespace, 'common'>[]];

/** A key of any namespace (`ns:key`, or a key of common): what a toast, an advice or a printed title carries. */
export type I18nKey = ParseKeys<AllNamespaces>;
