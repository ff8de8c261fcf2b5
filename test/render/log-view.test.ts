/** /rogue log: the game's kept log, oldest first, what happened since the viewer acted under its heading, within Discord's limits. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLimits, ROLLING_LOG_LINES } from '../../src/render/index.js';
import { LOG_VIEW_LINE_MAX, renderLogView, SINCE_HEADING } from '../../src/render/log-view.js';
import { cleanName, escapeMarkdown } from '../../src/render/text.js';
import { drawState } from './fixtures.js';

const state = drawState(['#####', '#1.2#', '#####'], { names: ['Ann', 'Bo'] });

describe('/rogue log view', () => {
  it('GIVEN a log where Ann acted and others played after WHEN Ann reads it THEN every line shows oldest first, hers and what followed under the heading', () => {
    const log = ['Bo waits.', 'Ann hits the goblin A for 3.', 'The goblin A hits Ann for 2.', 'Bo walks 3 steps.'];
    const view = renderLogView(state, log, 'p1');
    expect(view.description.split('\n')).toEqual(['Bo waits.', SINCE_HEADING, 'Ann hits the goblin A for 3.', 'The goblin A hits Ann for 2.', 'Bo walks 3 steps.']);
    expect(view.title).toBe('Game log');
  });

  it('GIVEN a viewer who is not in the run WHEN they read the log THEN it has no heading; an empty log says nothing happened yet', () => {
    const log = ['Bo waits.', 'Ann waits.'];
    expect(renderLogView(state, log, 'someone-else').description).toBe('Bo waits.\nAnn waits.');
    expect(renderLogView(state, [], 'p1').description).toBe('Nothing has happened yet.');
  });

  it('GIVEN a player whose name has markdown WHEN the stored (plain) log names them THEN their last action is found and the name is escaped', () => {
    const odd = drawState(['#####', '#1.2#', '#####'], { names: ['*Ann*', 'Bo'] });
    const view = renderLogView(odd, ['*Ann* waits.', 'Bo waits.'], 'p1');
    expect(view.description.split('\n')).toEqual([SINCE_HEADING, '\\*Ann\\* waits.', 'Bo waits.']);
  });

  it('GIVEN any log the game could keep (hostile names, newlines, very long lines) WHEN rendered THEN it fits one embed, one line per entry, the newest kept', () => {
    const line = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.constantFrom('*_~`|>#'.repeat(40), '<@123> @everyone\nwaits.', '🧙‍♂️'.repeat(80)));
    fc.assert(
      fc.property(fc.array(line, { maxLength: ROLLING_LOG_LINES }), fc.constantFrom('p1', 'p2', 'nobody'), (log, viewer) => {
        const view = renderLogView(state, log, viewer);
        expect(checkLimits({ content: '', embed: view })).toEqual([]);
        const lines = view.description.split('\n').filter((l) => l !== SINCE_HEADING);
        expect(lines.length).toBeLessThanOrEqual(Math.max(1, log.length));
        for (const l of lines) expect([...l.replace(/\\(.)/gu, '$1')].length).toBeLessThanOrEqual(LOG_VIEW_LINE_MAX);
        // The newest entry is always shown, as one line.
        if (log.length > 0) expect(lines.at(-1)).toBe(escapeMarkdown(cleanName(log.at(-1)!, LOG_VIEW_LINE_MAX)));
      }),
      { seed: 17, numRuns: 300 },
    );
  });

  it('GIVEN the longest log of the longest lines WHEN rendered THEN the oldest lines give way and the heading stays over the viewer\'s lines', () => {
    const long = `Ann ${'*'.repeat(200)}`;
    const log = Array.from({ length: ROLLING_LOG_LINES }, (_, i) => (i === 2 ? long : `${'_'.repeat(100)} ${i}`));
    const view = renderLogView(state, log, 'p1');
    expect([...view.description].length).toBeLessThanOrEqual(4096);
    const lines = view.description.split('\n');
    expect(lines[0]).toBe(SINCE_HEADING);
    expect(lines.at(-1)).toContain(` ${ROLLING_LOG_LINES - 1}`);
  });
});
