import { inputProblem } from '@overlap/contract/input-rule';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { fieldError } from '../core/errors.ts';

const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/**
 * The contract's input rule on every route, before its schema and its handler: a string PostgreSQL
 * cannot store, or a value nested too deep, is refused with 400 naming the field, and nothing runs.
 * Raw bodies (webhooks whose signature covers the bytes) arrive as text and are checked by their
 * route once verified.
 */
export function registerInputRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = (request.routeOptions.schema ?? {}) as FastifySchema & Record<string, unknown>;
    for (const [part, root] of PARTS) {
      const value = request[part];
      if (value === undefined || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
      const problem = inputProblem(value, schema[root], root);
      if (problem) throw fieldError(problem.field, problem.message);
    }
  });
}
