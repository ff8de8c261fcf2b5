import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.js';
import { games as gamesOf } from './support.js';

const key = { guildId: '1', channelId: '2' };
const ann = { id: 'u1', name: 'ann' };

describe("the shared message's language", () => {
  // Order: the server's setting, else a Community server's language (guild_locale, see incoming.ts), else the starter's.
  it.each([
    ['auto', undefined, 'fr', 'fr'],
    ['auto', undefined, undefined, 'en-US'],
    ['de', undefined, 'fr', 'de'],
    ['ru', undefined, undefined, 'ru'],
    ['auto', 'pt-BR', 'fr', 'pt-BR'],
    ['auto', 'es-ES', undefined, 'es-ES'],
    ['de', 'pt-BR', 'fr', 'de'],
  ] as const)('GIVEN the server setting %s, a Community server speaking %s and a starter speaking %s WHEN a game starts THEN the game speaks %s', async (language, server, starter, expected) => {
    const { games, settings } = gamesOf();
    expect((await settings.update(key.guildId, { language })).ok).toBe(true);
    const made = await games.newGame(key, ann, { seed: 1, size: 'small', ...(starter ? { locale: starter } : {}), ...(server ? { serverLocale: server } : {}) });
    expect(made.ok && made.value.meta.locale).toBe(expected);
  });

  it('GIVEN a German starter WHEN they run /rogue new THEN the game stores German; the stored game round-trips it', async () => {
    const { games, settings } = gamesOf();
    const rogue = commands.find((c) => c.data.name === 'rogue')!;
    await rogue.run({ command: 'rogue', group: null, subcommand: 'new', options: { seed: 4 }, user: ann, ...key, memberIsAdmin: false, locale: 'de', games, settings });
    const stored = await games.view(key);
    expect(stored.ok && stored.value.meta.locale).toBe('de');
  });

  it('GIVEN a French starter in a German Community server WHEN they run /rogue new THEN the shared game speaks German', async () => {
    const { games, settings } = gamesOf();
    const rogue = commands.find((c) => c.data.name === 'rogue')!;
    await rogue.run({ command: 'rogue', group: null, subcommand: 'new', options: { seed: 4 }, user: ann, ...key, memberIsAdmin: false, locale: 'fr', serverLocale: 'de', games, settings });
    const stored = await games.view(key);
    expect(stored.ok && stored.value.meta.locale).toBe('de');
  });
});
