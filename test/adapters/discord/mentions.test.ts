import { describe, expect, it } from 'vitest';
import { neutralise, NO_PINGS, pingOnly } from '../../../src/adapters/discord/mentions.js';

describe('neutralise', () => {
  it.each([
    ['a user mention', 'hi <@123456789012345678>', 'hi <\uFF20123456789012345678>'],
    ['a nickname mention', '<@!42>', '<\uFF20!42>'],
    ['a role mention', '<@&42>', '<\uFF20&42>'],
    ['a channel link (pings nobody)', '<#42>', '<#42>'],
    ['a mention cut short by a renderer', 'evil<@13000…', 'evil<\uFF2013000…'],
    ['@everyone', 'hey @everyone', 'hey \uFF20everyone'],
    ['@here in capitals', '@HERE', '\uFF20HERE'],
    ['a right-to-left override', 'ab\u202Ecd\u2066e', 'abcde'],
    ['a custom emoji', '<:orc:123> <a:fire:456>', '<:orc:123> <a:fire:456>'],
    ['a live timestamp', '<t:1700000000:R>', '<t:1700000000:R>'],
    ['an e-mail-like name', 'bob@example', 'bob@example'],
  ])('GIVEN %s WHEN neutralised THEN it reads %j', (_what, input, expected) => {
    expect(neutralise(input)).toBe(expected);
    expect([...neutralise(input)].length).toBeLessThanOrEqual([...input].length);
  });
});

describe('pingOnly', () => {
  it('GIVEN no users WHEN asked THEN nobody may be pinged', () => {
    expect(pingOnly([])).toEqual(NO_PINGS);
    expect(NO_PINGS).toEqual({ parse: [] });
  });

  it('GIVEN repeated users WHEN asked THEN each is allowed once and nothing is parsed', () => {
    expect(pingOnly(['1', '2', '1'])).toEqual({ parse: [], users: ['1', '2'] });
  });
});
