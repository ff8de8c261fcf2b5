import { describe, expect, it } from 'vitest';
import type { CommandInteractionOption } from 'discord.js';
import { invocationOf } from '../../../src/adapters/discord/router.js';
import { buttonInvocation } from '../../../src/adapters/discord/button-press.js';
import { rogueOptions, toAction } from '../../../commands/rogue.js';
import { schemaInput } from '../../../commands/options.js';

describe('interaction router mapping', () => {
  it('GIVEN a subcommand with options WHEN flattened THEN the invocation carries the subcommand and typed values', () => {
    const data = [{ name: 'move', type: 1, options: [{ name: 'direction', type: 3, value: 'north' }, { name: 'steps', type: 4, value: 3 }] }] as unknown as CommandInteractionOption[];
    expect(invocationOf('rogue', data)).toEqual({ command: 'rogue', group: null, subcommand: 'move', options: { direction: 'north', steps: 3 } });
  });

  it('GIVEN a subcommand group WHEN flattened THEN group and subcommand are both kept', () => {
    const data = [{ name: 'channel', type: 2, options: [{ name: 'add', type: 1, options: [{ name: 'channel', type: 7, value: '123456789012345678' }] }] }] as unknown as CommandInteractionOption[];
    expect(invocationOf('rogue-config', data)).toEqual({ command: 'rogue-config', group: 'channel', subcommand: 'add', options: { channel: '123456789012345678' } });
  });

  it.each([
    [{ verb: 'mv', dir: 'ne', version: 1, game: 'a' } as const, { type: 'move', dir: 'ne' }],
    [{ verb: 'wait', version: 1, game: 'a' } as const, { type: 'wait' }],
    [{ verb: 'desc', version: 1, game: 'a' } as const, { type: 'descend' }],
    [{ verb: 'use', version: 1, game: 'a' } as const, { type: 'use' }],
  ])('GIVEN button %j WHEN routed THEN it runs /rogue as the action %j', (id, action) => {
    const inv = buttonInvocation(id)!;
    expect(toAction(rogueOptions.parse(schemaInput(inv)))).toEqual(action);
  });

  it('GIVEN a d-pad spacer WHEN routed THEN there is nothing to run', () => {
    expect(buttonInvocation({ verb: 'nop', index: 0, version: 1, game: 'a' })).toBeNull();
  });
});
