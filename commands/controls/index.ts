/** Buttons, beside the command they drive: the custom-id codec, the verb and direction tables, the layouts, press -> action. */
export { decodeButtonId, encodeButtonId, gameCreatedAt, gameTag, type ButtonId } from './custom-id.js';
export { ACTION_ROW, SIMPLE_VERBS, VERB_TABLE, type ButtonTone, type PressIntent, type SimpleVerb } from './buttons.js';
export { DIRECTION_ALIASES, DIRECTION_EMOJI, DIRECTION_TABLE, DIRECTION_TO_WORD, DIRECTION_WORDS, WORD_TO_DIRECTION, type DirectionWord } from './directions.js';
export { gameControls, playerControls, verbButton, type ButtonSpec, type GameLinks } from './layouts.js';
export { CONFIRM_END_TEXT, ENDED_TEXT, pressIntent, runPress, type ButtonOutcome, type PressContext } from './press.js';
export { KICK_HOST_ONLY_TEXT, KICK_NOBODY_TEXT, KICK_WHO_TEXT, kickConfirmText } from './kick.js';
