/**
 * The interaction kinds the game does not serve still get an answer, so Discord never shows "This interaction
 * failed": autocomplete gets no suggestions; modals, selects, context-menu commands and unknown kinds a private
 * "not supported".
 */
import { t } from '../../i18n/index.js';
import { lang, privately, type KindHandler } from './handler-kit.js';

/** Autocomplete: an empty list of choices. */
export const autocompleteHandler: KindHandler<null> = {
  parse: () => ({ ok: true, value: null }),
  run: (_p, _i, r) => r.autocomplete([]),
};

/** Modals, selects, context-menu commands, unknown kinds: a private "not supported". */
export const unsupportedHandler: KindHandler<null> = {
  parse: (i) => ({ ok: false, text: t(lang(i), 'reply.unsupported') }),
  run: (_p, i, r) => r.reply(privately(t(lang(i), 'reply.unsupported'))),
};
