/**
 * The Activity's Entry Point command (type 4, PRIMARY_ENTRY_POINT), kept by command registration: Discord refuses a
 * bulk overwrite of the global commands that would remove it (error 50240), and an app that enables Activities gets
 * one by default. The overwrite lists the registered one as it is (by id), or, when the full view is on and none
 * exists yet, a default whose handler is Discord's (it launches the Activity itself).
 */

/** Discord's PRIMARY_ENTRY_POINT command type. */
export const ENTRY_POINT_TYPE = 4;
/** Entry point handler 2 (DISCORD_LAUNCH_ACTIVITY): Discord launches the Activity, no interaction reaches the bot. */
export const DISCORD_LAUNCHES = 2;

/** The default Entry Point command (the App Launcher shows it). */
export const DEFAULT_ENTRY_POINT = {
  name: 'launch',
  description: 'Open the full view of this channel’s Channel Crawler game',
  type: ENTRY_POINT_TYPE,
  handler: DISCORD_LAUNCHES,
  integration_types: [0],
  contexts: [0],
} as const;

/** The overwrite body: `body` plus the registered Entry Point command (or the default one when `create`). */
export function withEntryPoint(body: readonly unknown[], registered: unknown, create: boolean): unknown[] {
  if (body.some((c) => typeof c === 'object' && c !== null && (c as { type?: unknown }).type === ENTRY_POINT_TYPE)) return [...body];
  const list = Array.isArray(registered) ? (registered as unknown[]) : [];
  const existing = list.find((c): c is Record<string, unknown> => typeof c === 'object' && c !== null && (c as { type?: unknown }).type === ENTRY_POINT_TYPE);
  if (existing) {
    const { id, name, description, type, handler, integration_types, contexts, name_localizations, description_localizations } = existing;
    return [...body, { id, name, description, type, handler, integration_types, contexts, name_localizations, description_localizations }];
  }
  return create ? [...body, DEFAULT_ENTRY_POINT] : [...body];
}
