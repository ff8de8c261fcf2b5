import { describe, expect, it } from 'vitest';
import { PHONE_FIT, STYLES, buildScenes } from '../../preview/scenes.js';
import { parsePreviewFlags, startPreview } from '../../preview/server.js';

const START = Date.UTC(2026, 0, 1);

describe('preview scenes', () => {
  it('GIVEN a start time WHEN scenes are built twice THEN the payloads are identical (fixed seeds, fake clock)', async () => {
    const strip = (s: Awaited<ReturnType<typeof buildScenes>>) => JSON.stringify(s.map((x) => ({ ...x, messages: x.messages.map((m) => ({ ...m, payload: { ...m.payload, components: m.payload.components?.map((r) => r.components.map((b) => [b.label, b.style, b.disabled])) } })) })));
    expect(strip(await buildScenes(START))).toBe(strip(await buildScenes(START)));
  });

  it('GIVEN the scripted games WHEN built THEN the solo and the party game appear in every style, with game messages, private replies and four players', async () => {
    const scenes = await buildScenes(START);
    for (const game of ['solo', 'party']) {
      for (const style of STYLES) {
        const scene = scenes.find((s) => s.style === style && s.id.startsWith(`${game}-`));
        expect(scene, `${game} in ${style.render}${style.mobile ? ' mobile' : ''}`).toBeDefined();
        const games = scene!.messages.filter((m) => !m.ephemeral);
        expect(games.length).toBeGreaterThanOrEqual(3);
        expect(games.every((m) => (m.payload.embeds?.length ?? 0) > 0 && (m.payload.components?.length ?? 0) > 0)).toBe(true);
        expect(scene!.messages.some((m) => m.ephemeral)).toBe(true);
        const last = JSON.stringify(games.at(-1)!.payload);
        if (style.render === 'ascii') expect(last).toContain('```');
        if (game === 'party') for (const name of ['Player', 'Alice', 'Bob', 'Cara']) expect(last).toContain(`**${name}**`);
      }
    }
    // The party fight scene is caught mid-fight in every style: the round timer runs and a member must act.
    for (const style of STYLES) {
      const fight = scenes.find((s) => s.style === style && s.id.startsWith('party-fight-'))!;
      const shown = JSON.stringify(fight.messages.find((m) => !m.ephemeral)!.payload);
      expect(shown, fight.id).toContain('Round ends');
      expect(shown, fight.id).toMatch(/to act/);
    }
    expect(PHONE_FIT.every((p) => STYLES.some((s) => s.render === p.render && s.mobile === p.mobile))).toBe(true);
  });

  it('GIVEN the server WHEN asked THEN it serves scenes, their files, the index, and 404 for the rest', async () => {
    const preview = await startPreview({ port: 0, now: START });
    try {
      expect(preview.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const list = (await (await fetch(`${preview.url}/scenes.json`)).json()) as { id: string }[];
      expect(list.map((s) => s.id)).toEqual(preview.scenes.map((s) => s.id));
      const page = await (await fetch(`${preview.url}/s/party-ascii-mobile`)).text();
      expect(page).toContain('<pre class="code">');
      expect(page).toContain('Only you can see this');
      const index = await (await fetch(`${preview.url}/?scene=solo-emoji&width=360,1280`)).text();
      expect(index.match(/<iframe /g)).toHaveLength(2);
      const png = await fetch(`${preview.url}/f/fixture-image/0/map.png`);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
      expect((await fetch(`${preview.url}/s/nope`)).status).toBe(404);
    } finally {
      await preview.close();
    }
  });

  it('GIVEN flags WHEN parsed THEN port comes from --port or PREVIEW_PORT (default 5173) and bad ones are refused', () => {
    expect(parsePreviewFlags([], {})).toEqual({ port: 5173, screenshot: null });
    expect(parsePreviewFlags(['--port', '8080'], { PREVIEW_PORT: '9000' })).toEqual({ port: 8080, screenshot: null });
    expect(parsePreviewFlags(['--screenshot', 'out/'], { PREVIEW_PORT: '9000' })).toEqual({ port: 9000, screenshot: 'out/' });
    expect(() => parsePreviewFlags(['--port', 'x'], {})).toThrow(/--port/);
    expect(() => parsePreviewFlags(['--wide'], {})).toThrow(/Unknown flag --wide/);
  });
});
