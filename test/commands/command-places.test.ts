import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.js';
import { COMMAND_PLACES } from '../../commands/definitions.js';

interface Registered {
  name: string;
  integration_types?: number[];
  contexts?: number[];
  default_member_permissions?: string;
}

describe('where each command is offered', () => {
  it.each(commands.map((c) => [c.data.name, c.data.toJSON() as Registered] as const))('GIVEN /%s WHEN registered THEN its installs and contexts are explicit, one row of COMMAND_PLACES', (name, json) => {
    const rows = Object.values(COMMAND_PLACES).map((p) => JSON.stringify([p.integration_types, p.contexts]));
    expect(json.integration_types, name).toBeDefined();
    expect(json.contexts, name).toBeDefined();
    expect(rows).toContain(JSON.stringify([json.integration_types, json.contexts]));
    // Admin commands are offered only where they make sense: a server that installed the bot.
    if (json.default_member_permissions !== undefined) expect([json.integration_types, json.contexts]).toEqual([[0], [0]]);
  });

  it('GIVEN /rogue WHEN registered THEN it is offered to server and user installs, in servers, DMs with the bot and group DMs', () => {
    const rogue = commands.find((c) => c.data.name === 'rogue')!.data.toJSON() as Registered;
    expect(rogue.integration_types).toEqual([0, 1]);
    expect(rogue.contexts).toEqual([0, 1, 2]);
  });
});
