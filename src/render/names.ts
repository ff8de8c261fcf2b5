/** Bare names of monster and item kinds in a language (the legend, alt text): the catalogue's, else the engine's English. Pure. */
import { ITEMS, type ItemKind } from '../engine/items.js';
import { MONSTERS } from '../engine/monsters.js';
import type { Monster } from '../engine/types.js';
import { DEFAULT_LOCALE, hasMessage, tDynamic, type Locale } from '../i18n/index.js';

/** A monster kind's name without article or label ("goblin archer", "Goblin-Bogenschütze"). */
export function monsterKindName(kind: Monster['kind'], locale: Locale): string {
  const key = `name.monster.${kind}`;
  return hasMessage(locale, key) ? tDynamic(locale, key) : MONSTERS[kind].name;
}

/** A monster's short label in a language: its kind's name and its letter ("orc B", "Ork B"). */
export function monsterShortLabel(m: Pick<Monster, 'kind' | 'label'>, locale: Locale): string {
  return `${monsterKindName(m.kind, locale)} ${m.label}`;
}

/** An item kind's name without article ("potion", "Trank"); the kind itself when no catalogue names it. */
export function itemKindName(kind: string, locale: Locale): string {
  const key = `name.item.${kind}`;
  return hasMessage(locale, key) ? tDynamic(locale, key) : kind;
}

/** An item's full name for sheets and gear lines: the item table's in English ("battle axe"), the catalogue's otherwise. */
export function itemFullName(kind: ItemKind, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? ITEMS[kind].name : itemKindName(kind, locale);
}
