import { describe, expect, it } from 'vitest';
import { MemoryLogger } from '../../src/adapters/memory/memory-logger.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { SettingsService } from '../../src/app/settings-service.js';
import { DEFAULT_SETTINGS, GuildSettingsPatchSchema } from '../../src/app/settings.js';

function service(): SettingsService {
  const logger = new MemoryLogger();
  return new SettingsService(new MemorySettingsStore(logger), logger);
}

describe('SettingsService', () => {
  it('GIVEN a patch of one setting WHEN parsed THEN it holds that setting only, with no defaults filled in', () => {
    expect(GuildSettingsPatchSchema.parse({ render: 'ascii' })).toEqual({ render: 'ascii' });
    expect(GuildSettingsPatchSchema.safeParse({ roundSeconds: 5 }).success).toBe(false);
    expect(GuildSettingsPatchSchema.safeParse({ colour: 'red' }).success).toBe(false);
  });

  it('GIVEN earlier settings and allowed channels WHEN another setting is changed THEN the earlier ones are kept', async () => {
    const settings = service();
    await settings.addChannel('1', '42');
    await settings.update('1', { turnMode: 'rounds', roundSeconds: 30 });
    const r = await settings.update('1', { render: 'ascii' });
    expect(r).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, turnMode: 'rounds', roundSeconds: 30, render: 'ascii', allowedChannels: ['42'] } });
    expect(await settings.get('1')).toEqual(r);
  });

  it('GIVEN a patch with an explicit undefined WHEN applied THEN that setting is left as it was', async () => {
    const settings = service();
    await settings.update('1', { mobile: true });
    const r = await settings.update('1', { mobile: undefined, diagonals: true });
    expect(r.ok && r.value).toMatchObject({ mobile: true, diagonals: true });
  });

  it('GIVEN an out-of-range value WHEN applied THEN it is refused as invalid and nothing changes', async () => {
    const settings = service();
    await settings.update('1', { maxPlayers: 2 });
    const r = await settings.update('1', { maxPlayers: 9, render: 'ascii' });
    expect(r.ok).toBe(false);
    expect(r.ok ? null : r.error.kind).toBe('invalid');
    expect(await settings.get('1')).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, maxPlayers: 2 } });
  });

  it.each([
    [{ hostMinRoundSeconds: 100, hostMaxRoundSeconds: 50 }, 'host_min_round_seconds (100) is above host_max_round_seconds (50).'],
    [{ hostMinDifficulty: 'hard' as const, hostMaxDifficulty: 'normal' as const }, 'host_min_difficulty (hard) is harder than host_max_difficulty (normal).'],
  ])("GIVEN a host limit's minimum above its maximum (%o) WHEN applied THEN it is refused naming both, and nothing changes", async (patch, message) => {
    const settings = service();
    expect(await settings.update('1', patch)).toMatchObject({ ok: false, error: { kind: 'invalid', message } });
    expect(await settings.get('1')).toEqual({ ok: true, value: DEFAULT_SETTINGS });
  });

  it('GIVEN changed settings WHEN reset THEN the defaults come back with an empty channel list of their own', async () => {
    const settings = service();
    await settings.addChannel('1', '42');
    const r = await settings.reset('1');
    expect(r).toEqual({ ok: true, value: DEFAULT_SETTINGS });
    if (r.ok) r.value.allowedChannels.push('7');
    expect(DEFAULT_SETTINGS.allowedChannels).toEqual([]);
  });
});
