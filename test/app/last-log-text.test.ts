/** The shared message words only the log lines it shows: lastLogText is logText's tail. */
import { describe, expect, it } from 'vitest';
import { lastLogText, logText } from '../../src/app/rolling-log.js';
import type { LogLine } from '../../src/render/log-message.js';

const log: LogLine[] = [
  { k: 'log.walked', v: { actor: 'Ann', steps: 3 } },
  'An older save\'s sentence.',
  '',
  { k: 'log.walked', v: { actor: 'Bob', steps: 1 } },
  { k: 'no.such.key', d: 'a default text' },
  '',
];

describe('lastLogText', () => {
  it.each([0, 1, 2, 3, 10])('GIVEN a log with empty lines WHEN its last %i lines are worded THEN they are logText\'s last lines, in every language', (n) => {
    for (const locale of ['en-US', 'de', 'ru'] as const) expect(lastLogText(log, locale, n)).toEqual(n === 0 ? [] : logText(log, locale).slice(-n));
  });

  it('GIVEN no log WHEN worded THEN nothing', () => {
    expect(lastLogText(undefined, undefined, 1)).toEqual([]);
    expect(lastLogText(['', ''], undefined, 1)).toEqual([]);
  });
});
