/** /rogue help (first screen and topics) and /rogue about in every language: the reader's words, the engine's numbers. */
import { describe, expect, it } from 'vitest';
import { aboutReply } from '../../commands/about.js';
import { decodeButtonId, pressIntent, runPress } from '../../commands/controls/index.js';
import { HELP_TOPIC_IDS, abilityName, helpText, helpTopicText, roleName } from '../../commands/help.js';
import rogue from '../../commands/rogue.js';
import { ABILITIES, OFFERED_ROLES, ROLES } from '../../src/engine/roles.js';
import { CALM_ROUNDS, SCORE_RULE } from '../../src/engine/index.js';
import { LOCALE_CODES, t } from '../../src/i18n/index.js';
import { games as gamesOf } from './support.js';

const others = LOCALE_CODES.filter((c) => c !== 'en-US');
const len = (s: string): number => [...s].length;

describe('/rogue help in every language', () => {
  it.each(LOCALE_CODES)('GIVEN %s WHEN the help is drawn THEN the first screen fits a phone (800) and each topic a message (2,000)', (code) => {
    expect(len(helpText(code))).toBeLessThanOrEqual(800);
    for (const topic of HELP_TOPIC_IDS) expect(len(helpTopicText(topic, code)), topic).toBeLessThanOrEqual(2000);
  });

  it.each(others)('GIVEN %s WHEN the help is drawn THEN no screen is the English one', (code) => {
    expect(helpText(code)).not.toBe(helpText('en-US'));
    for (const topic of HELP_TOPIC_IDS) expect(helpTopicText(topic, code), topic).not.toBe(helpTopicText(topic, 'en-US'));
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN the roles topic is drawn THEN every offered role and ability is named in that language with its emoji', (code) => {
    const text = helpTopicText('roles', code);
    for (const role of OFFERED_ROLES) {
      expect(text).toContain(`${ROLES[role].art.emoji} ${roleName(code, role)}`);
      const ability = ROLES[role].ability!;
      expect(text).toContain(`${ABILITIES[ability].art.emoji} ${abilityName(code, ability)}`);
    }
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN the party topic is drawn THEN the engine’s calm rounds are in it', (code) => {
    expect(helpTopicText('party', code)).toContain(String(CALM_ROUNDS));
  });

  it('GIVEN English WHEN the moves topic states the score THEN it is the engine’s formula', () => {
    expect(helpTopicText('moves')).toContain(SCORE_RULE);
  });

  it.each([
    ['de', '/rogue aktion warten|rasten|reisen|hinabsteigen', '/rogue-config anzeigen|ändern|kanal hinzufügen'],
    ['ru', '/rogue действие ждать|отдых|путь|спуск', '/rogue-config показать|изменить|канал добавить'],
    ['en-US', '/rogue act wait|rest|travel|descend', '/rogue-config show|set|channel add|channel remove|reset-game|reset'],
  ] as const)('GIVEN %s WHEN the commands topic lists the tree THEN it names the commands as that language registers them', (code, group, admin) => {
    const text = helpTopicText('commands', code);
    expect(text).toContain(group);
    expect(text).toContain(admin);
  });

  it('GIVEN a German player WHEN they run /rogue help and press a topic THEN both answers are German', async () => {
    const { games, settings } = gamesOf();
    const reply = await rogue.run({ command: 'rogue', group: null, subcommand: 'help', options: {}, user: { id: 'u', name: 'U' }, guildId: '1', channelId: '2', memberIsAdmin: false, locale: 'de', games, settings });
    if (reply.kind !== 'confirm') throw new Error('expected the help with its buttons');
    expect(reply.text).toBe(helpText('de'));
    expect(reply.text).toContain('/rogue neu');
    const id = decodeButtonId(reply.buttons.flat()[1]!.customId);
    if (!id.ok) throw new Error('undecodable');
    const out = await runPress({ key: { guildId: '1', channelId: '2' }, user: { id: 'u', name: 'U' }, memberIsAdmin: false, games, locale: 'de' }, id.value, pressIntent(id.value)!);
    expect(out).toMatchObject({ kind: 'confirm', text: helpTopicText('party', 'de') });
    expect(out.kind === 'confirm' && out.text).toContain('Mit Freunden spielen');
  });
});

describe('/rogue about in every language', () => {
  it.each(LOCALE_CODES)('GIVEN %s WHEN /rogue about is answered THEN the embed is in that language and every field fits Discord', async (code) => {
    const { games, settings } = gamesOf();
    const reply = await rogue.run({ command: 'rogue', group: null, subcommand: 'about', options: {}, user: { id: 'u', name: 'U' }, guildId: '1', channelId: '2', memberIsAdmin: false, locale: code, games, settings });
    if (reply.kind !== 'text' || !reply.embed) throw new Error('about is an embed');
    expect(reply).toEqual(aboutReply(code));
    expect(reply.embed.fields.map((f) => f.name)).toEqual([t(code, 'about.source.name'), t(code, 'about.privacy.name'), t(code, 'about.terms.name')]);
    expect(reply.embed.footer).toBe(t(code, 'about.footer'));
    for (const f of reply.embed.fields) expect(len(f.value)).toBeLessThanOrEqual(1024);
    if (code !== 'en-US') expect(reply.embed.description).not.toBe(t('en-US', 'about.description'));
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN the privacy summary names retention periods THEN they are the English (and docs/privacy.md) numbers', (code) => {
    const numbers = (s: string): string[] => (s.match(/\d+/g) ?? []).sort();
    expect(numbers(t(code, 'about.privacy'))).toEqual(numbers(t('en-US', 'about.privacy')));
  });
});
