import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { BulkFiles } from '../bulk/bulkFiles.js';
import type { AnswerCache } from '../catalog/answers/answerCache.js';
import { Answer } from '../catalog/answers/answer.js';
import { BulkFileBody, BulkFileList, BulkFileParams } from '../schemas/bulk.js';
import { cached } from '../schemas/cachedResponses.js';
import { ErrorBody } from '../schemas/common.js';
import { keyed } from '../schemas/keyedResponses.js';
import { sendError } from './errors.js';
import { sendBulkFile } from './sendBulkFile.js';
import { sendResult } from './sendResult.js';

export const bulkRoutes: FastifyPluginAsyncTypebox<{ bulk: BulkFiles | null; answers: AnswerCache; publicBaseUrl: string }> =
  async (app, { bulk, answers, publicBaseUrl }) => {
    app.get('/v1/bulk', {
      schema: {
        operationId: 'listBulkFiles',
        summary: 'The whole catalog as files, one per language and kind',
        description: 'The latest bulk files: every card (or set) of a language in one JSON document, exactly as the single ' +
          'answers give them, with the `changes_cursor` to follow /v1/changes from. Built after every import that changed ' +
          'the catalog; a replaced version stays downloadable for at least an hour.',
        security: keyed.security,
        tags: ['bulk'],
        response: { 200: BulkFileList, ...cached.responses, ...keyed.responses },
      },
    }, async (_request, reply) => {
      const manifest = bulk?.latest() ?? null;
      const data = (manifest?.files ?? []).map((file) => ({
        type: file.type, language: file.language, url: `${publicBaseUrl}/v1/bulk/${manifest!.catalog_version}/${file.name}`,
        size: file.size, sha256: file.sha256, records: file.records, catalog_version: manifest!.catalog_version,
        changes_cursor: manifest!.changes_cursor, updated_at: manifest!.retrieved_at,
      }));
      const json = JSON.stringify({ data, retrieved_at: await answers.retrievedAt() });
      return sendResult(reply, { ok: true, answer: Answer.ofJson(json) });
    });

    app.get('/v1/bulk/:version/:file', {
      schema: {
        operationId: 'getBulkFile',
        summary: 'Download one bulk file',
        description: 'The file as stored: a strong ETag (its sha256), If-None-Match (304), a single byte Range (206) on the ' +
          'uncompressed form, gzip as stored when the client accepts it. One request of the quota per download.',
        security: keyed.security,
        tags: ['bulk'],
        params: BulkFileParams,
        response: {
          200: { description: 'The whole file, as stored.', content: { 'application/json': { schema: BulkFileBody } } },
          206: { description: 'The bytes of the Range asked for, of the uncompressed file.', content: { 'application/json': { schema: Type.String() } } },
          ...cached.responses,
          400: { ...ErrorBody, description: 'The version or the file name is not of the form a url gives.' },
          ...keyed.responses,
          404: { ...ErrorBody, description: 'No such file: its version is no longer kept (see /v1/bulk), or the name is unknown.' },
          416: { ...ErrorBody, description: 'The Range is outside the file.' },
        },
      },
    }, async (request, reply) => {
      const { version, file: name } = request.params;
      const file = await bulk?.file(version, name) ?? null;
      if (!file) return sendError(reply, 404, 'not_found', `no bulk file ${version}/${name}: list the current ones with /v1/bulk`);
      return sendBulkFile(reply, file);
    });
  };
