// @ts-check
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

/** Folders that must stay pure: no I/O, no clock, no ambient randomness. */
const pureFolders = ['src/grid/**', 'src/engine/**', 'src/pathfinding/**', 'src/mapgen/**', 'src/render/**', 'src/i18n/**', 'src/text/**'];

/** Imports no pure folder may make. */
const purePatterns = [
  { group: ['node:*', ...builtinModules, ...builtinModules.map((m) => `${m}/*`)], message: 'The engine is pure: no Node built-ins.' },
  { group: ['discord.js', '@discordjs/*'], message: 'The engine is pure: no Discord.' },
  { group: ['ioredis', 'bullmq'], message: 'The engine is pure: no storage.' },
  { group: ['**/app/**', '**/adapters/**', '**/config/**'], message: 'Dependencies point inward only.' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: pureFolders,
    rules: {
      'no-restricted-imports': ['error', { patterns: purePatterns }],
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'The engine reads no clock: pass time in as data.' },
        { name: 'process', message: 'The engine reads no environment.' },
        { name: 'setTimeout', message: 'The engine schedules nothing.' },
        { name: 'setInterval', message: 'The engine schedules nothing.' },
        { name: 'crypto', message: 'Use the seeded RNG in the game state.' },
        { name: 'performance', message: 'The engine reads no clock.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded RNG in the game state.' },
        { object: 'globalThis', property: 'Date', message: 'The engine reads no clock.' },
        { object: 'performance', property: 'now', message: 'The engine reads no clock.' },
      ],
    },
  },
  {
    // The layers below the engine: grid primitives, map generation and pathfinding never reach up into it.
    files: ['src/grid/**', 'src/mapgen/**', 'src/pathfinding/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...purePatterns, { group: ['**/engine/**', '**/render/**'], message: 'Grid, mapgen and pathfinding sit below the engine.' }] },
      ],
    },
  },
  {
    // Nothing speaks discord.js itself: the gateway transport uses @discordjs/ws and @discordjs/core, the shared Discord
    // layer, HTTP mode, commands, buttons, the services and the terminal game work on Discord's API JSON
    // (discord-api-types) and @discordjs/rest. (The pure folders keep their own, stricter rule above.)
    files: ['commands/**', 'src/**', 'preview/**'],
    ignores: pureFolders,
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'discord.js', message: 'Nothing in the bot imports discord.js (test/lint/transports.test.ts): use @discordjs/core, @discordjs/ws, @discordjs/rest or discord-api-types.' }] }],
    },
  },
);
