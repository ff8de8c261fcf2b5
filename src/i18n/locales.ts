/**
 * The languages Channel Crawler speaks: ONE table, keyed by Discord's locale code. Each row carries its committed
 * catalogue (locales/<code>.json) and the Discord locales it serves. Add a language by adding one JSON file and one row.
 */
import de from '../../locales/de.json' with { type: 'json' };
import enUS from '../../locales/en-US.json' with { type: 'json' };
import esES from '../../locales/es-ES.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import ptBR from '../../locales/pt-BR.json' with { type: 'json' };
import ru from '../../locales/ru.json' with { type: 'json' };

/** The source catalogue: English (US) is complete by definition, every other locale is checked against its keys. */
export const SOURCE = enUS;
/** Every message key the game may ask for (the keys of the English catalogue). */
export type MessageKey = keyof typeof enUS;
/** A catalogue: message key -> ICU MessageFormat text. */
export type Catalogue = Readonly<Record<string, string>>;

/** One language: its name in itself (for /rogue-config show and docs), its catalogue, and the Discord locales it serves. */
export interface LocaleRow {
  readonly native: string;
  readonly catalogue: Catalogue;
  /** Discord locale codes (besides the row's own) that read this language rather than English. */
  readonly serves: readonly string[];
}

/** The languages, source first. Keys are Discord locale codes (developers/reference.mdx#locales). */
export const LOCALES = {
  'en-US': { native: 'English', catalogue: enUS, serves: ['en-GB'] },
  de: { native: 'Deutsch', catalogue: de, serves: [] },
  'es-ES': { native: 'Español', catalogue: esES, serves: ['es-419'] },
  fr: { native: 'Français', catalogue: fr, serves: [] },
  'pt-BR': { native: 'Português do Brasil', catalogue: ptBR, serves: [] },
  ru: { native: 'Русский', catalogue: ru, serves: [] },
} as const satisfies Record<string, LocaleRow>;

/** A language the game speaks. */
export type Locale = keyof typeof LOCALES;
/** Every language, source first: the one list tests, the settings row and the command localiser walk. */
export const LOCALE_CODES = Object.keys(LOCALES) as [Locale, ...Locale[]];
/** The language used when nothing better is known. */
export const DEFAULT_LOCALE: Locale = 'en-US';

const BY_DISCORD_LOCALE: ReadonlyMap<string, Locale> = new Map(
  LOCALE_CODES.flatMap((code) => [[code, code] as const, ...LOCALES[code].serves.map((d) => [d, code] as const)]),
);

/** Whether `s` is a language the game speaks. */
export function isLocale(s: unknown): s is Locale {
  return typeof s === 'string' && Object.hasOwn(LOCALES, s);
}

/** The language for a Discord locale the game speaks (an exact or served match), or null for any other. */
export function spokenLocale(discordLocale: string | null | undefined): Locale | null {
  return discordLocale ? (BY_DISCORD_LOCALE.get(discordLocale) ?? null) : null;
}

/** The language for a Discord `locale` (or anything else): an exact or served match, else English. */
export function resolveLocale(discordLocale: string | null | undefined): Locale {
  if (!discordLocale) return DEFAULT_LOCALE;
  return BY_DISCORD_LOCALE.get(discordLocale) ?? DEFAULT_LOCALE;
}
