import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployCommands } from '../../../src/deploy-commands.js';
import { DEFAULT_ENTRY_POINT, withEntryPoint } from '../../../src/adapters/web/entry-point.js';
import { FakeDiscord } from '../../e2e/fake-discord/index.js';

describe('the Entry Point command survives command registration (fake Discord)', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await FakeDiscord.start();
  });
  afterAll(async () => {
    await fake.close();
  });
  const config = () => ({ discordToken: fake.token, applicationId: fake.applicationId, guildId: undefined, apiBase: fake.apiBase });

  it('GIVEN no Entry Point WHEN deployed with the full view on THEN the default one is created', async () => {
    await deployCommands({ ...config(), entryPoint: true });
    const global = fake.commands() as { name: string; type: number; handler?: number }[];
    expect(global.find((c) => c.type === 4)).toMatchObject({ name: DEFAULT_ENTRY_POINT.name, handler: 2 });
  });

  it('GIVEN an Entry Point WHEN deployed again (even with the full view off) THEN it is kept with its id', async () => {
    const before = (fake.commands() as { id: string; type: number }[]).find((c) => c.type === 4)!;
    await deployCommands(config());
    const after = (fake.commands() as { id: string; type: number }[]).find((c) => c.type === 4);
    expect(after?.id).toBe(before.id);
    expect((fake.commands() as { name: string }[]).map((c) => c.name)).toEqual(expect.arrayContaining(['rogue', 'rogue-config']));
  });

  it('GIVEN an Entry Point WHEN an overwrite leaves it out THEN Discord refuses it (50240), which is why it is kept', async () => {
    const res = await fetch(`${fake.apiBase}/v10/applications/${fake.applicationId}/commands`, { method: 'PUT', headers: { authorization: `Bot ${fake.token}`, 'content-type': 'application/json' }, body: JSON.stringify([{ name: 'rogue', description: 'x', type: 1 }]) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).toBe(50240);
  });

  it('GIVEN a body that already lists one WHEN merged THEN nothing is added twice', () => {
    expect(withEntryPoint([DEFAULT_ENTRY_POINT], [{ id: '9', type: 4, name: 'launch' }], true)).toHaveLength(1);
    expect(withEntryPoint([{ name: 'rogue' }], 'garbage', false)).toEqual([{ name: 'rogue' }]);
  });
});
