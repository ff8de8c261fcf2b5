/**
 * The interaction kinds the game does not serve still get an answer, so Discord never shows "This interaction
 * failed": autocomplete gets no suggestions; modals, selects, context-menu commands and unknown kinds a private
 * "not supported".
 */
import { UNSUPPORTED_TEXT } from '../../../commands/replies.js';
import { privately, type KindHandler } from './handler-kit.js';

/** Autocomplete: an empty list of choices. */
export const autocompleteHandler: KindHandler<null> = {
  parse: () => ({ ok: true, value: null }),
  run: (_p, _i, r) => r.autocomplete([]),
};

/** Modals, selects, context-menu commands, unknown kinds: a private "not supported". */
export const unsupportedHandler: KindHandler<null> = {
  parse: () => ({ ok: false, text: UNSUPPORTED_TEXT }),
  run: (_p, _i, r) => r.reply(privately(UNSUPPORTED_TEXT)),
};
