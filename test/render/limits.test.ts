import { describe, expect, it } from 'vitest';
import { checkLimits, type RenderedMessage } from '../../src/render/limits.js';

function message(over: Partial<RenderedMessage['embed']> = {}, content = ''): RenderedMessage {
  return { content, embed: { title: 't', description: 'd', fields: [], footer: 'f', color: 0x5865f2, ...over } };
}

describe('checkLimits', () => {
  it('accepts a message within every limit, counting emoji as one code point', () => {
    expect(checkLimits(message({ description: '🧱'.repeat(4096) }))).toEqual([]);
    expect(checkLimits(message({}, '🟫'.repeat(2000)))).toEqual([]);
  });

  it.each<[string, RenderedMessage, string]>([
    ['content', message({}, 'x'.repeat(2001)), 'content: 2001 > 2000 code points'],
    ['title', message({ title: 'x'.repeat(257) }), 'embed title: 257 > 256 code points'],
    ['description', message({ description: '🧱'.repeat(4097) }), 'embed description: 4097 > 4096 code points'],
    ['footer', message({ footer: 'x'.repeat(2049) }), 'embed footer: 2049 > 2048 code points'],
    ['field value', message({ fields: [{ name: 'n', value: 'x'.repeat(1025) }] }), 'field 0 value: 1025 > 1024 code points'],
    ['field name', message({ fields: [{ name: 'x'.repeat(257), value: 'v' }] }), 'field 0 name: 257 > 256 code points'],
    ['empty field', message({ fields: [{ name: 'n', value: ' ' }] }), 'field 0 value is empty'],
    ['field count', message({ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }), 'embed fields: 26 > 25'],
    ['colour', message({ color: 0x1000000 }), 'embed color 16777216 is not a 24-bit RGB value'],
  ])('reports an oversized %s', (_what, msg, violation) => {
    expect(checkLimits(msg)).toContain(violation);
  });

  it('reports an embed over 6,000 code points in total even when each part fits', () => {
    const msg = message({ description: 'x'.repeat(4000), fields: [{ name: 'n', value: 'x'.repeat(1000) }, { name: 'n', value: 'x'.repeat(1000) }] });
    expect(checkLimits(msg)).toEqual(['embed total: 6004 > 6000 code points']);
  });
});
