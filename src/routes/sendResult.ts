import type { FastifyReply } from 'fastify';
import type { QueryResult } from '../catalog/catalogQueries.js';
import { sendError } from './errors.js';

/** Sends a catalog answer: its body is already JSON text, so no serializer runs again. */
export function sendResult(reply: FastifyReply, result: QueryResult): FastifyReply {
  if (!result.ok) return sendError(reply, result.status, result.message);
  return reply.code(200).type('application/json; charset=utf-8').send(result.body);
}
