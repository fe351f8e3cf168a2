import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared/domain/settings';
import { createI18n } from '../../shared/i18n';

export const i18n = createI18n('tr', [initReactI18next]);

export function setLanguage(lang: Language): void {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}
