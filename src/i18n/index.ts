/** Languages: the locale table, the resolver for Discord locales, and t(). Pure (render may import it). */
export { DEFAULT_LOCALE, LOCALE_CODES, LOCALES, isLocale, resolveLocale, spokenLocale, type Catalogue, type Locale, type LocaleRow, type MessageKey } from './locales.js';
export { hasMessage, t, tDynamic, translator, type MessageValue, type MessageValues, type Translate } from './translate.js';
