import { describe, expect, it } from 'vitest';
import { escapeHtml, inline, isTileRow, markdown } from '../../preview/markdown.js';

describe('preview markdown', () => {
  it('GIVEN a fenced code block WHEN rendered THEN it is monospace with one escaped map row per line', () => {
    const html = markdown('```\n#.<o\n ..1\n```\nafter');
    expect(html).toContain('<pre class="code"><code><div class="ln map-row"><span class="lt">#.&lt;o</span></div><div class="ln map-row"><span class="lt"> ..1</span></div></code></pre>');
    expect(html).toContain('<span class="lt">after</span>');
  });

  it('GIVEN bold, italics, underline, strike and inline code WHEN rendered THEN each gets its tag and code keeps its stars', () => {
    expect(inline('**Alice** hits *hard* and __fast__ ~~not~~ `a*b*`')).toBe('<strong>Alice</strong> hits <em>hard</em> and <u>fast</u> <s>not</s> <code class="inline">a*b*</code>');
    expect(inline('snake_case_name stays')).toBe('snake_case_name stays');
  });

  it('GIVEN a Discord timestamp WHEN rendered THEN it becomes a live .ts span with its unix time and style', () => {
    expect(inline('ends <t:1767225660:R>')).toBe('ends <span class="ts" data-unix="1767225660" data-style="R" title="2026-01-01T00:01:00.000Z">2026-01-01T00:01:00.000Z</span>');
    expect(inline('<t:0>')).toContain('data-style="f"');
  });

  it('GIVEN emoji WHEN rendered THEN each grapheme (with VS16 or ZWJ) is one .emoji span, and rows of five or more are map rows', () => {
    expect(inline('⬆️ 🧙‍♂️ x')).toBe('<span class="emoji">⬆️</span> <span class="emoji">🧙‍♂️</span> x');
    expect(isTileRow('⬛🧱⬜⬜🔵')).toBe(true);
    expect(isTileRow('⬛🧱⬜⬜')).toBe(false);
    expect(isTileRow('🔵 Player 🟩🟩🟩🟩🟩')).toBe(false);
    expect(markdown('⬛🧱⬜⬜🔵\n\n👹 orc')).toMatch(/^<div class="ln map-row">.*<div class="ln empty">.*<div class="ln"><span class="lt"><span class="emoji">👹<\/span> orc/);
  });

  it('GIVEN text with HTML in it WHEN rendered THEN it is escaped, headers and subtext are styled', () => {
    expect(escapeHtml(`<b a="1">'&'</b>`)).toBe('&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;');
    expect(markdown('# Title\n-# small <i>')).toBe('<div class="ln h1"><span class="lt">Title</span></div><div class="ln subtext"><span class="lt">small &lt;i&gt;</span></div>');
  });
});
