import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.js';
import { games as gamesOf } from './support.js';

const key = { guildId: '1', channelId: '2' };
const ann = { id: 'u1', name: 'ann' };

describe("the shared message's language", () => {
  it.each([
    ['auto', 'fr', 'fr'],
    ['auto', undefined, 'en-US'],
    ['de', 'fr', 'de'],
    ['ru', undefined, 'ru'],
  ] as const)('GIVEN the server setting %s and a starter speaking %s WHEN a game starts THEN the game speaks %s', async (language, starter, expected) => {
    const { games, settings } = gamesOf();
    expect((await settings.update(key.guildId, { language })).ok).toBe(true);
    const made = await games.newGame(key, ann, { seed: 1, size: 'small', ...(starter ? { locale: starter } : {}) });
    expect(made.ok && made.value.meta.locale).toBe(expected);
  });

  it('GIVEN a German starter WHEN they run /rogue new THEN the game stores German; the stored game round-trips it', async () => {
    const { games, settings } = gamesOf();
    const rogue = commands.find((c) => c.data.name === 'rogue')!;
    await rogue.run({ command: 'rogue', group: null, subcommand: 'new', options: { seed: 4 }, user: ann, ...key, memberIsAdmin: false, locale: 'de', games, settings });
    const stored = await games.view(key);
    expect(stored.ok && stored.value.meta.locale).toBe('de');
  });
});
