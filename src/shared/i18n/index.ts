import { createInstance, type i18n as I18n, type Module } from 'i18next';
import type { Language } from '../domain/settings';
import { cli as enCli } from './en/cli';
import { common as enCommon } from './en/common';
import { errors as enErrors } from './en/errors';
import { settings as enSettings } from './en/settings';
import { scanner as enScanner } from './en/scanner';
import { signIn as enSignIn } from './en/signIn';
import { packages as enPackages } from './en/packages';
import { counts as enCounts } from './en/counts';
import { returns as enReturns } from './en/returns';
import { notifications as enNotifications } from './en/notifications';
import { products as enProducts } from './en/products';
import { outbox as enOutbox } from './en/outbox';
import { gs1 as enGs1 } from './en/gs1';
import { labels as enLabels } from './en/labels';
import { desktop as enDesktop } from './en/desktop';
import { csv as enCsv } from './en/csv';
import { cli as trCli } from './tr/cli';
import { common as trCommon } from './tr/common';
import { errors as trErrors } from './tr/errors';
import { settings as trSettings } from './tr/settings';
import { scanner as trScanner } from './tr/scanner';
import { signIn as trSignIn } from './tr/signIn';
import { packages as trPackages } from './tr/packages';
import { counts as trCounts } from './tr/counts';
import { returns as trReturns } from './tr/returns';
import { notifications as trNotifications } from './tr/notifications';
import { products as trProducts } from './tr/products';
import { outbox as trOutbox } from './tr/outbox';
import { gs1 as trGs1 } from './tr/gs1';
import { labels as trLabels } from './tr/labels';
import { desktop as trDesktop } from './tr/desktop';
import { csv as trCsv } from './tr/csv';

/**
 * One catalog for the renderer and the CLI. Namespaces are per screen; the Turkish files are typed
 * against the English ones, so a missing translation fails the type check.
 */
export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    signIn: enSignIn,
    settings: enSettings,
    cli: enCli,
    packages: enPackages,
    counts: enCounts,
    returns: enReturns,
    notifications: enNotifications,
    products: enProducts,
    outbox: enOutbox,
    scanner: enScanner,
    gs1: enGs1,
    labels: enLabels,
    desktop: enDesktop,
    csv: enCsv,
  },
  tr: {
    common: trCommon,
    errors: trErrors,
    signIn: trSignIn,
    settings: trSettings,
    cli: trCli,
    packages: trPackages,
    counts: trCounts,
    returns: trReturns,
    notifications: trNotifications,
    products: trProducts,
    outbox: trOutbox,
    scanner: trScanner,
    gs1: trGs1,
    labels: trLabels,
    desktop: trDesktop,
    csv: trCsv,
  },
} as const;

export type Namespace = keyof (typeof resources)['en'];
export const namespaces = Object.keys(resources.en) as Namespace[];

export function createI18n(lng: Language, plugins: Module[] = []): I18n {
  const i18n = createInstance();
  for (const p of plugins) i18n.use(p);
  void i18n.init({
    lng,
    fallbackLng: 'en',
    supportedLngs: ['tr', 'en'],
    ns: namespaces,
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return i18n;
}
