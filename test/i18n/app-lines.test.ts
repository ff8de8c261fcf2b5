/** Lobby, host and kick lines (stored as messages) and free-form refusals ('invalid') in each reader's language. */
import { describe, expect, it } from 'vitest';
import { failureText } from '../../commands/replies.js';
import { historyText } from '../../commands/daily-replies.js';
import { endingLine } from '../../src/app/host.js';
import { lobbyLines } from '../../src/app/lobby.js';
import { logText } from '../../src/app/rolling-log.js';
import { games as gamesOf } from './support.js';
import rogue from '../../commands/rogue.js';
import rogueConfig from '../../commands/rogue-config.js';
import { renderStatus } from '../../src/render/status.js';

const key = { guildId: '1', channelId: '2' };
const ann = { id: 'u1', name: 'Ann' };
const bo = { id: 'u2', name: 'Bo' };
const cy = { id: 'u3', name: 'Cy' };

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: { kind: string } }): T => {
  if (!r.ok) throw new Error(r.error.kind);
  return r.value;
};

describe('lines of the lobby, the host and kicks in every language', () => {
  it('GIVEN a lobby for three WHEN it fills THEN its stored lines read in German, French and Russian, and its message lines in German', async () => {
    const { games } = gamesOf();
    const lobby = ok(await games.newGame(key, ann, { seed: 3, size: 'small', maxPlayers: 3, lobby: true, difficulty: 'easy' }));
    expect(lobbyLines(lobby.state, lobby.meta, 'de')).toEqual([
      expect.stringMatching(/^1\/3 dabei: Drück ➕ beitreten\. Ann \(der Host\) startet den Lauf mit ▶️ starten; er beginnt von selbst, wenn die Gruppe voll ist, oder <t:\d+:R>\.$/),
      expect.stringMatching(/^Dieser Lauf: Schwierigkeit leicht · freie Züge · (Labyrinth|Höhle|Räume) 40×20 · keine Diagonalen\.$/),
    ]);
    // In English too, the way the party moves is said in words ("no diagonal moves"), never "4-way".
    expect(lobbyLines(lobby.state, lobby.meta)[1]).toMatch(/ · no diagonal moves\.$/);
    expect(lobbyLines({ ...lobby.state, config: { ...lobby.state.config, topology: 8 } }, lobby.meta, 'en-US')[1]).toMatch(/ · diagonal moves\.$/);
    await games.join(key, bo);
    const full = ok(await games.join(key, cy));
    expect(logText(full.meta.recentLog, 'de').slice(0, 1)).toEqual(['Die Lobby ist offen: Tritt mit ➕ bei; der Host startet den Lauf mit ▶️ starten.']);
    expect(logText(full.meta.recentLog, 'fr')).toContain('Le groupe est complet : la partie commence.');
    expect(logText(full.meta.recentLog, 'ru')).toContain('Группа собрана: забег начинается.');
  });

  it('GIVEN a party of three WHEN the host kicks one and the others vote to end THEN the log and the ending read in Spanish and Portuguese', async () => {
    const { games } = gamesOf();
    ok(await games.newGame(key, ann, { seed: 3, size: 'small', lobby: false }));
    await games.join(key, bo);
    await games.join(key, cy);
    const kicked = ok(await games.kick(key, ann, cy, false)).view;
    expect(logText(kicked.meta.recentLog, 'es-ES').at(-1)).toBe('El anfitrión ha sacado a Cy del grupo.');
    const ended = ok(await games.end(key, ann, false));
    expect(endingLine(ended.meta, ended.state, 'pt-BR')).toBe('Encerrada pelo anfitrião, Ann.');
    expect(endingLine(ended.meta, ended.state, 'de')).toBe('Vom Host beendet (Ann).');
    expect(logText(ended.meta.recentLog, 'ru').at(-1)).toBe('Завершено хостом (Ann).');
  });

  it('GIVEN free-form refusals WHEN worded for each reader THEN they are in the reader’s language, choices by their shown names', async () => {
    const { games, settings } = gamesOf();
    ok(await settings.update(key.guildId, { hostMinDifficulty: 'easy', hostMaxDifficulty: 'normal', maxPlayers: 4 }));
    const hard = await games.newGame(key, ann, { seed: 1, difficulty: 'hard' });
    if (hard.ok) throw new Error('a hard run was allowed');
    expect(failureText(hard.error, 'en-US')).toBe('This server lets hosts choose difficulty easy or normal (an admin sets host_min_difficulty and host_max_difficulty with /rogue-config set).');
    expect(failureText(hard.error, 'de')).toBe('Auf diesem Server dürfen Hosts die Schwierigkeit leicht oder normal wählen (ein Admin legt host_min_schwierigkeit und host_max_schwierigkeit mit /rogue-config ändern fest).');
    const big = await games.newGame(key, ann, { seed: 1, maxPlayers: 6 });
    if (big.ok) throw new Error('a party of 6 was allowed');
    expect(failureText(big.error, 'fr')).toBe('Ce serveur autorise des groupes de 4 au plus (un admin règle joueurs_max avec /rogue-config régler).');
    const conflict = await settings.update(key.guildId, { hostMinDifficulty: 'hard', hostMaxDifficulty: 'easy' });
    if (conflict.ok) throw new Error('a conflict was saved');
    expect(failureText(conflict.error, 'ru')).toBe('хост_мин_сложность (тяжёлая) тяжелее, чем хост_макс_сложность (лёгкая).');
    ok(await games.newGame(key, ann, { seed: 1, size: 'small', lobby: false }));
    const self = await games.kick(key, ann, ann, false);
    if (self.ok) throw new Error('kicked oneself');
    expect(failureText(self.error, 'es-ES')).toBe('Para salir tú del grupo, usa /rogue grupo salir.');
  });
});

describe('option errors and the status role line in every language', () => {
  it.each([
    ['en-US', 'Option `steps`: must be a whole number from 1 to 9.'],
    ['de', 'Option `steps`: muss eine ganze Zahl von 1 bis 9 sein.'],
    ['ru', 'Опция `steps`: должно быть целым числом от 1 до 9.'],
  ] as const)('GIVEN a %s player WHEN an option is out of range THEN the refusal is theirs', async (code, text) => {
    const { games, settings } = gamesOf();
    const reply = await rogue.run({ command: 'rogue', group: null, subcommand: 'move', options: { direction: 'north', steps: 40 }, user: ann, ...key, memberIsAdmin: false, locale: code, games, settings });
    expect(reply).toEqual({ kind: 'text', text });
  });

  it('GIVEN a French admin WHEN the subcommand is unknown THEN the refusal names /rogue-config afficher', async () => {
    const { games, settings } = gamesOf();
    const reply = await rogueConfig.run({ command: 'rogue-config', group: null, subcommand: 'colours', options: {}, user: ann, ...key, memberIsAdmin: true, locale: 'fr', games, settings });
    expect(reply).toEqual({ kind: 'text', text: 'Sous-commande inconnue. Essaie /rogue-config afficher.' });
  });

  it('GIVEN a German ranger whose ability recharges WHEN /rogue status THEN the role line is German', async () => {
    const { games } = gamesOf();
    const made = ok(await games.newGame(key, ann, { seed: 3, size: 'small', lobby: false, role: 'ranger' }));
    const state = { ...made.state, players: made.state.players.map((p) => ({ ...p, cooldown: 2 })) };
    expect(renderStatus(state, ann.id, 'de').description).toContain('Rolle: 🦅 Waldläufer · Fähigkeit 🎯 Schuss (bereit in 2 Zügen): ein Pfeil auf');
  });
});

describe('history lines in every language', () => {
  const entry = { guildId: '1', channelId: '2', players: [ann, bo], score: 1234, depth: 3, turns: 321, outcome: 'defeat' as const, recap: 'Fell on depth 3, turn 321 · 4 kills · 1234 pts', seed: 1, endedAt: 0 };
  it.each([
    ['en-US', 'Fell on depth 3, turn 321 · 4 kills · 1234 pts'],
    ['de', 'Gefallen auf Tiefe 3, Zug 321 · 1.234 Pkt.'],
    ['fr', `Chute à la profondeur 3, tour 321 · ${new Intl.NumberFormat('fr').format(1234)} pts`],
  ] as const)('GIVEN a finished run WHEN a %s reader lists the history THEN its recap is in their words', (code, recap) => {
    expect(historyText([entry], 'channel', code).split('\n')[1]).toMatch(new RegExp(`· Ann, Bo: ${recap.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });
});
