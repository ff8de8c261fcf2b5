import { describe, expect, it } from 'vitest';
import { controllerPayload, gamePayload } from '../../src/adapters/discord/presenter.js';
import { games } from './support.js';

const key = { guildId: '1', channelId: '2' };
const anke = { id: 'u1', name: 'Anke' };
const fleur = { id: 'u2', name: 'Fleur' };

/** Every button label and every embed text of a payload. */
function texts(p: { components: { components: unknown[] }[]; embeds: { description?: string; fields?: { name: string; value: string }[] }[] }): string {
  const labels = p.components.flatMap((r) => r.components.map((b) => (b as { label?: string }).label ?? ''));
  const embeds = p.embeds.flatMap((e) => [(e as { title?: string }).title ?? '', e.description ?? '', ...(e.fields ?? []).flatMap((f) => [f.name, f.value])]);
  return [...labels, ...embeds].join('\n');
}

describe('two languages in one game', () => {
  it('GIVEN a German starter and a French player WHEN both play THEN the shared message speaks German and her controller French', async () => {
    const { games: service } = games();
    const made = await service.newGame(key, anke, { seed: 5, size: 'small', lobby: false, locale: 'de' });
    if (!made.ok) throw new Error(made.error.kind);
    const joined = await service.join(key, fleur);
    if (!joined.ok) throw new Error(joined.error.kind);
    const waited = await service.act(key, fleur, { type: 'wait' });
    if (!waited.ok) throw new Error(waited.error.kind);
    const shared = texts(gamePayload(waited.value, 1_700_000_000_000));
    const hers = texts(controllerPayload(waited.value, fleur.id, { style: 'ascii', mobile: false }, 'fr'));
    expect(shared).toContain('Fleur wartet.');
    expect(shared).toContain('Ebene 1/5');
    expect(hers).toContain('Fleur attend.');
    expect(hers).toContain('explorer');
    expect(hers).not.toContain('Fleur wartet.');
  });
});
