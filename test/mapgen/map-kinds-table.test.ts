import { describe, expect, it } from 'vitest';
import rogue, { rogueOptions } from '../../commands/rogue.js';
import { rogueConfigOptions, settingText } from '../../commands/rogue-config.js';
import { decodeGame, encodeMeta, encodeState } from '../../src/app/game-codec.js';
import { DEFAULT_SETTINGS, GuildSettingsSchema } from '../../src/app/settings.js';
import { defaultConfig, MAP_CHOICES, MAP_KIND_RULES, MAP_KINDS, newGame, step } from '../../src/engine/index.js';
import { sampleMeta } from '../app/fixtures.js';

/** Every map kind taken through every surface that lists the kinds: a kind added to the table without them fails here by name. */
describe.each(MAP_KINDS.map((kind) => [kind]))('map kind %s', (kind) => {
  it('has a description and a positive density in the table', () => {
    expect(MAP_KIND_RULES[kind].describe.startsWith(`${kind}:`)).toBe(true);
    expect(MAP_KIND_RULES[kind].density).toBeGreaterThan(0);
  });

  it('is a choice of /rogue new map:, the guild setting and /rogue-config set map_kind:', () => {
    expect(rogueOptions.safeParse({ subcommand: 'new', map: kind }).success).toBe(true);
    expect(GuildSettingsSchema.parse({ mapKind: kind }).mapKind).toBe(kind);
    expect(rogueConfigOptions.safeParse({ subcommand: 'set', map_kind: kind }).success).toBe(true);
    expect(settingText('mapKind', DEFAULT_SETTINGS, 'en-US')).toContain(kind);
    const newCmd = JSON.stringify(rogue.data);
    expect(newCmd).toContain(`"value":"${kind}"`);
  });

  it('starts a game that saves and loads with its kind and its map', () => {
    const r = step(newGame(defaultConfig({ seed: 5, mapKind: kind })), { type: 'join', user: 'u1', name: 'U1' });
    if (!r.ok) throw new Error(r.code);
    const meta = sampleMeta({ mapChoice: kind });
    const back = decodeGame(encodeState({ state: r.state, meta }), encodeMeta({ state: r.state, meta }));
    expect(back.kind).toBe('found');
    if (back.kind !== 'found') return;
    expect(back.game.state.config.mapKind).toBe(kind);
    expect(back.game.meta.mapChoice).toBe(kind);
    expect(Array.from(back.game.state.tiles)).toEqual(Array.from(r.state.tiles));
  });
});

describe('map choices', () => {
  it('are every kind plus random, and random is the guild default', () => {
    expect(MAP_CHOICES).toEqual([...MAP_KINDS, 'random']);
    expect(GuildSettingsSchema.parse({}).mapKind).toBe('random');
  });
});
