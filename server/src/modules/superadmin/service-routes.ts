import { errorBody, idParams } from '@overlap/contract/common';
import {
  adminService,
  adminServices,
  createServiceBody,
  deleteServiceResult,
  serviceIntegrations,
  updateServiceBody,
} from '@overlap/contract/service-admin';
import { paths } from '@overlap/contract/superadmin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../core/context.ts';
import { ctxOf } from '../area.ts';
import {
  createService,
  deleteService,
  getService,
  listServiceIntegrations,
  listServices,
  updateService,
} from './services-service.ts';

const tags = ['superadmin'];
const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export function registerServiceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.services,
    { schema: { tags, summary: 'The service catalogue, by name', response: { 200: adminServices, ...refused } } },
    async (request) => listServices(ctxOf(deps, request)),
  );

  r.post(
    paths.services,
    {
      schema: {
        tags,
        summary: 'Add a service (one per provider)',
        body: createServiceBody,
        response: { 201: adminService, ...refused, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await createService(ctxOf(deps, request), request.body)),
  );

  r.get(
    paths.service,
    { schema: { tags, summary: 'One service', params: idParams, response: { 200: adminService, ...refused } } },
    async (request) => getService(ctxOf(deps, request), request.params.id),
  );

  r.patch(
    paths.service,
    {
      schema: {
        tags,
        summary:
          'Change any of enabled, description, configSchema, name, provider, tokenAuthentication, intervalMinutes',
        params: idParams,
        body: updateServiceBody,
        response: { 200: adminService, ...refused, 409: errorBody },
      },
    },
    async (request) => updateService(ctxOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    paths.service,
    {
      schema: {
        tags,
        summary: 'Delete a service that has no integrations',
        params: idParams,
        response: { 200: deleteServiceResult, ...refused, 409: errorBody },
      },
    },
    async (request) => deleteService(ctxOf(deps, request), request.params.id),
  );

  r.get(
    paths.serviceIntegrations,
    {
      schema: {
        tags,
        summary: "The service's integrations in every account",
        params: idParams,
        response: { 200: serviceIntegrations, ...refused },
      },
    },
    async (request) => listServiceIntegrations(ctxOf(deps, request), request.params.id),
  );
}
