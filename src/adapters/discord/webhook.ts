/**
 * What both transports do after the first answer, through the interaction webhook with the interaction token (no
 * bot authorisation): edit @original, follow up, read @original's id. Plus the name of each first-answer type.
 */
import { InteractionResponseType, Routes } from 'discord-api-types/v10';
import type { InteractionCalls } from './interaction-client.js';
import { restRequest } from './payload.js';
import type { AnswerType, IncomingInteraction, OutgoingMessage } from './types.js';

/** Each first-answer callback type's name. */
export const ANSWER_TYPE_NAMES: Partial<Record<number, AnswerType>> = {
  [InteractionResponseType.ChannelMessageWithSource]: 'reply',
  [InteractionResponseType.UpdateMessage]: 'update',
  [InteractionResponseType.DeferredChannelMessageWithSource]: 'defer',
  [InteractionResponseType.DeferredMessageUpdate]: 'defer-update',
  [InteractionResponseType.ApplicationCommandAutocompleteResult]: 'autocomplete',
  [InteractionResponseType.LaunchActivity]: 'launch-activity',
};

/** PATCH /webhooks/{app}/{token}/messages/@original, or a follow-up's id. */
export async function editOriginal(rest: InteractionCalls, i: IncomingInteraction, msg: OutgoingMessage, messageId = '@original'): Promise<void> {
  await rest.patch(Routes.webhookMessage(i.applicationId, i.token, messageId), { ...restRequest(msg, false), auth: false, reply: false });
}

/** POST /webhooks/{app}/{token}: a follow-up message; its id. */
export async function followUp(rest: InteractionCalls, i: IncomingInteraction, msg: OutgoingMessage): Promise<string | null> {
  const created = (await rest.post(Routes.webhook(i.applicationId, i.token), { ...restRequest(msg, true), auth: false })) as { id?: unknown } | null;
  return typeof created?.id === 'string' ? created.id : null;
}

/** GET /webhooks/{app}/{token}/messages/@original: the id of the message the first answer created. */
export async function originalId(rest: InteractionCalls, i: IncomingInteraction): Promise<string | null> {
  const message = (await rest.get(Routes.webhookMessage(i.applicationId, i.token, '@original'), { auth: false })) as { id?: unknown } | null;
  return typeof message?.id === 'string' ? message.id : null;
}
