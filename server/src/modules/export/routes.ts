import { Readable } from 'node:stream';
import { errorBody } from '@overlap/contract/common';
import { EXPORT_CSV_COLUMNS, type ExportDay, exportDaysJson, exportDaysQuery, paths } from '@overlap/contract/export';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type AreaPlugin, ctxOf } from '../area.ts';
import { csvRecord } from './csv.ts';
import { checkRange, type ExportRange, exportDays } from './service.ts';

const csvValues = (d: ExportDay) => [
  d.person,
  d.date,
  d.timezone,
  d.firstActivity,
  d.lastActivity,
  d.onlineMinutes,
  d.blocks,
  d.events,
  d.personId,
];

async function* asCsv(rows: AsyncIterable<ExportDay>) {
  yield csvRecord(EXPORT_CSV_COLUMNS);
  for await (const row of rows) yield csvRecord(csvValues(row));
}

async function* asJson(range: ExportRange, rows: AsyncIterable<ExportDay>) {
  yield `{"from":${JSON.stringify(range.from)},"to":${JSON.stringify(range.to)},"days":[`;
  let first = true;
  for await (const row of rows) {
    yield `${first ? '' : ','}${JSON.stringify(row)}`;
    first = false;
  }
  yield ']}';
}

/** A stream skips the response serializer; the typed reply only knows the documented shapes. */
const sendStream = (reply: FastifyReply, body: AsyncIterable<string>) => reply.send(Readable.from(body));

/** JSON when the client asks for it (and not for CSV); CSV otherwise. */
const wantsJson = (accept: string | undefined) =>
  !!accept && accept.includes('application/json') && !accept.includes('text/csv');

const exportRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    paths.days,
    {
      schema: {
        tags: ['export'],
        summary: 'Every person’s local days: first and last activity, online minutes, blocks and events',
        description:
          'CSV (RFC 4180, CRLF, header row; text starting with =, +, -, @ gets a leading apostrophe) unless `Accept: application/json` asks for `{from, to, days: [...]}`. One row per active person and day, days without activity included; the answer is streamed.',
        querystring: exportDaysQuery,
        response: {
          200: {
            description: 'The days, as CSV or JSON',
            content: {
              'text/csv': { schema: z.string().describe(`Header: ${EXPORT_CSV_COLUMNS.join(',')}`) },
              'application/json': { schema: exportDaysJson },
            },
          },
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(deps, request);
      const range = checkRange(request.query);
      const rows = exportDays(ctx, range, request.query.people);
      const name = `overlap-days-${range.from}-to-${range.to}`;
      if (wantsJson(request.headers.accept)) {
        reply.header('content-type', 'application/json; charset=utf-8');
        return sendStream(reply, asJson(range, rows));
      }
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`);
      return sendStream(reply, asCsv(rows));
    },
  );
};
export default exportRoutes;
