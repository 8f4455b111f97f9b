import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { AccessControl } from '../access/accessControl.js';
import type { Answer } from '../catalog/answers/answer.js';
import type { DeckChecker } from '../decks/deckCheck.js';
import { presentedKeyOf } from '../edge/presentedKey.js';
import { showAllowance } from '../edge/rateLimitHeaders.js';
import { sendBody } from '../edge/sendBody.js';
import type { ServiceMetrics } from '../metrics/serviceMetrics.js';
import { ErrorBody } from '../schemas/common.js';
import { DECK_CHECK_BODY_LIMIT, DeckCheckRequest, DeckCheckResult } from '../schemas/deck.js';
import { keyed } from '../schemas/keyedResponses.js';
import { sendError } from './errors.js';
import { acceptJsonOnly } from './jsonBody.js';

export const DECK_BODY_TOO_LARGE = `the request body is larger than ${DECK_CHECK_BODY_LIMIT / 1024} KiB; list holds at most 20,000 characters`;

/**
 * POST /v1/decks/check. Its context's key hook (app.ts) checks the key and the month without
 * counting; the request is counted here, once the body proved valid and the list holds a card
 * line, so a refused request (400, 413) costs nothing.
 */
export const deckRoutes: FastifyPluginAsyncTypebox<{ decks: DeckChecker; access: AccessControl; metrics: ServiceMetrics }> =
  async (app, { decks, access, metrics }) => {
    acceptJsonOnly(app, DECK_BODY_TOO_LARGE);

    app.post('/v1/decks/check', {
      bodyLimit: DECK_CHECK_BODY_LIMIT,
      schema: {
        operationId: 'checkDeck',
        summary: 'Check a deck list against a format\'s rules',
        description: 'Send a whole deck list as players paste it (Pokémon TCG Live, Limitless or PTCGO exports) and get ' +
          'every line resolved to a card of the list\'s language (by set code and number, the name checked), the lines ' +
          'that name no card with the reason, and the rules the deck breaks in the format (60 cards, 4 copies of a name ' +
          'with basic Energy excepted, one ACE SPEC, one Radiant, one of a Prism Star name, a Basic Pokémon, cards legal ' +
          'in the format). `legal` is true only when no rule is broken. Counts once against the quota; a refused ' +
          'request (400, 413) is not counted.',
        tags: ['decks'],
        security: keyed.security,
        body: DeckCheckRequest,
        response: {
          200: { ...DeckCheckResult, description: 'The deck, line by line, and what breaks the format\'s rules.' },
          400: { ...ErrorBody, description: 'The body is not JSON, list is missing, blank, longer than 20,000 characters, holds no card line or more than 100, or format or lang is unknown.' },
          ...keyed.responses,
          413: { ...ErrorBody, description: `The body is larger than ${DECK_CHECK_BODY_LIMIT / 1024} KiB.` },
        },
      },
    }, async (request, reply) => {
      const { list, format = 'standard', lang = 'en' } = request.body;
      const reading = decks.read(list);
      if (!reading.ok) return sendError(reply, reading.status, 'invalid_parameter', reading.message);
      const decision = await access.authorizeAndCount(presentedKeyOf(request));
      showAllowance(reply, decision.allowance, decision.allowed ? undefined : decision.retryAfterSeconds);
      // The month was spent or the key revoked since the key hook looked.
      if (!decision.allowed) {
        if (decision.status === 429) metrics.quotaRefused('rest');
        if (decision.status === 401) reply.header('WWW-Authenticate', 'Bearer realm="tcg-catalog"');
        return sendError(reply, decision.status, decision.code, decision.message);
      }
      return sendDeckCheck(reply as FastifyReply, await decks.check(reading, format, lang));
    });
  };

/**
 * The answer's bytes as they are (the schema above documents them), compressed when the client
 * accepts it, with the effort of a body sent once (the answer is not kept). No entity tag: a POST
 * is not revalidated.
 */
function sendDeckCheck(reply: FastifyReply, answer: Answer): FastifyReply {
  return sendBody(reply, { body: answer.bytes, type: 'application/json; charset=utf-8', cacheControl: 'no-store', vary: 'Accept-Encoding' });
}
