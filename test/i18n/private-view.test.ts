/** The private view (🎮 controller) in the viewer's language: its title, field names, lines and the round's wait line. */
import { describe, expect, it } from 'vitest';
import { controllerPayload } from '../../src/adapters/discord/presenter.js';
import { LOCALE_CODES, t } from '../../src/i18n/index.js';
import { waitingLine } from '../../src/render/private.js';
import { games } from './support.js';

const key = { guildId: '1', channelId: '2' };
const anke = { id: 'u1', name: 'Anke' };
const boris = { id: 'u2', name: 'Boris' };

describe('the private view in every language', () => {
  it.each(LOCALE_CODES)('GIVEN a rounds game in a fight where %s-speaking Anke acted WHEN she opens her view THEN its title, fields and wait line are hers', async (code) => {
    const { games: service } = games();
    const made = await service.newGame(key, anke, { seed: 5, size: 'small', lobby: false, mode: 'rounds' });
    if (!made.ok) throw new Error(made.error.kind);
    await service.join(key, boris);
    const view = await service.view(key);
    if (!view.ok) throw new Error(view.error.kind);
    // Rounds mode walks freely until a fight (calm below CALM_ROUNDS): put the party in one to show the wait line.
    const state = { ...view.value.state, acted: [anke.id], calm: 0 };
    const payload = controllerPayload({ ...view.value, state }, anke.id, { style: 'ascii', mobile: false }, code);
    const embed = payload.embeds[0] as { title?: string; fields?: { name: string; value: string }[]; footer?: { text: string } };
    expect(embed.title).toContain(t(code, 'private.title', { name: 'Anke' }));
    const names = (embed.fields ?? []).map((f) => f.name);
    expect(names).toContain(t(code, 'private.you'));
    const you = embed.fields!.find((f) => f.name === t(code, 'private.you'))!.value;
    expect(you).toContain(t(code, 'private.depth-kills', { depth: 1, max: 5, kills: 0 }));
    expect(embed.fields!.find((f) => f.name === t(code, 'private.round'))?.value).toBe(waitingLine(state, anke.id, null, code));
    expect(waitingLine(state, anke.id, null, code)).toBe(t(code, 'private.waiting', { who: 'players', names: 'Boris', timer: 'no', when: '' }));
    if (code !== 'en-US') {
      expect(names).not.toContain('You');
      expect(embed.title).not.toContain('your view');
    }
  });

  it.each([
    ['de', 'Du hast gehandelt. Warten auf Boris und Cara.'],
    ['fr', 'Tu as agi. En attente de Boris et Cara.'],
    ['ru', 'Твой ход сделан. Ждём: Boris и Cara.'],
    ['en-US', "You've acted. Waiting for Boris and Cara."],
  ] as const)('GIVEN %s WHEN the round waits for two THEN the line names them the reader’s way', async (code, line) => {
    const { games: service } = games();
    await service.newGame(key, anke, { seed: 5, size: 'small', lobby: false, mode: 'rounds' });
    await service.join(key, boris);
    await service.join(key, { id: 'u3', name: 'Cara' });
    const view = await service.view(key);
    if (!view.ok) throw new Error(view.error.kind);
    const state = { ...view.value.state, acted: [anke.id], calm: 0 };
    expect(waitingLine(state, anke.id, null, code)).toBe(line);
  });
});

describe('the text mode (screen readers) in every language', () => {
  it.each([
    ['de', 'Du: 1 Anke, HP', 'Um dich herum, im Uhrzeigersinn ab Norden: Norden '],
    ['ru', 'Ты: 1 Anke, HP', 'Вокруг тебя, по часовой стрелке с севера: север '],
    ['en-US', 'You: 1 Anke, HP', 'Around you, clockwise from north: north '],
  ] as const)('GIVEN %s WHEN Anke reads her text view THEN every topic line is in her language', async (code, you, around) => {
    const { games: service } = games();
    const made = await service.newGame(key, anke, { seed: 5, size: 'small', lobby: false });
    if (!made.ok) throw new Error(made.error.kind);
    const payload = controllerPayload(made.value, anke.id, { style: 'text', mobile: false }, code);
    const text = (payload.embeds[0] as { description?: string }).description ?? '';
    const lines = text.split('\n');
    expect(lines[0]).toContain(you);
    expect(lines[1]).toContain(around);
    if (code !== 'en-US') expect(text).not.toMatch(/\b(clockwise|wielding|column|Monsters in view|Items in view)\b/);
  });
});
