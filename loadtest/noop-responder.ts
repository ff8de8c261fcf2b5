/**
 * The do-nothing responder for side-by-side comparisons: the same HTTP adapter (signature check, parsing), with a
 * handler that acknowledges every button with type 6 and answers commands with a short private note.
 * Env: PORT, DISCORD_PUBLIC_KEY.
 */
import { startInteractionServer } from '../src/adapters/http/server.js';
import { silentLogger } from '../src/app/ports.js';

const server = await startInteractionServer({
  port: Number(process.env.PORT ?? 0),
  host: '127.0.0.1',
  publicKey: process.env.DISCORD_PUBLIC_KEY ?? '',
  logger: silentLogger,
  handler: async (i, r) => (i.kind === 'button' || i.kind === 'select' ? r.deferUpdate() : r.reply({ content: 'ok', ephemeral: true })),
});
process.stdout.write(`noop responder listening on ${server.port}\n`);
const stop = (): void => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
