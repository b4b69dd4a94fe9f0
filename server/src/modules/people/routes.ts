import { idParams } from '@overlap/contract/common';
import {
  bulkUnassignedBody,
  bulkUnassignedResult,
  emptyBody,
  ignoredQuery,
  mergeBody,
  patchPersonBody,
  peopleList,
  peopleQuery,
  personActionResult,
  personDetail,
  reviveBody,
  unassignedQuery,
  usersList,
} from '@overlap/contract/people';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { ignore, merge, patchPerson, resurrect, revive } from './actions-service.ts';
import { bulkUnassigned } from './bulk-service.ts';
import { getPersonDetail } from './detail-service.ts';
import { listPeople, listUsersWithStatus } from './list-service.ts';

const tags = ['people'];

const peopleRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    '/api/v1/people',
    {
      schema: {
        tags,
        summary: "The account's people, by status, paginated",
        querystring: peopleQuery,
        response: { 200: peopleList },
      },
    },
    async (request) => listPeople(ctxOf(deps, request), request.query),
  );

  app.get(
    '/api/v1/unassigned',
    {
      schema: {
        tags,
        summary: 'People waiting to be activated, merged or ignored',
        querystring: unassignedQuery,
        response: { 200: usersList },
      },
    },
    async (request) => listUsersWithStatus(ctxOf(deps, request), 'unassigned', request.query),
  );

  app.get(
    '/api/v1/ignored',
    {
      schema: { tags, summary: 'Ignored people', querystring: ignoredQuery, response: { 200: usersList } },
    },
    async (request) => listUsersWithStatus(ctxOf(deps, request), 'ignored', request.query),
  );

  app.get(
    '/api/v1/people/:id',
    {
      schema: {
        tags,
        summary: 'A person with connected integrations and the stats of the last 30 days',
        params: idParams,
        response: { 200: personDetail },
      },
    },
    async (request) => getPersonDetail(ctxOf(deps, request), request.params.id),
  );

  app.patch(
    '/api/v1/people/:id',
    {
      schema: {
        tags,
        summary: 'Edit a person (managers)',
        description:
          'Activating obeys the plan limit (409). Status ignored permanently deletes the person’s activity data.',
        params: idParams,
        body: patchPersonBody,
        response: { 200: personActionResult },
      },
    },
    async (request) => patchPerson(ctxOf(deps, request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/unassigned/bulk',
    {
      schema: {
        tags,
        summary: "'Activate all' or 'Ignore selected' unassigned people, all or nothing (managers)",
        description:
          'ids (up to 500) or all: true. Activation names each person by name, else e-mail, else identifier, and ' +
          'is refused whole (409) when the plan has no room for all of them; ignoring deletes their activity data.',
        body: bulkUnassignedBody,
        response: { 200: bulkUnassignedResult },
      },
    },
    async (request) => bulkUnassigned(ctxOf(deps, request), request.body),
  );

  app.post(
    '/api/v1/unassigned/:id/revive',
    {
      schema: {
        tags,
        summary: 'Activate an unassigned person (managers; refused at the plan limit)',
        params: idParams,
        body: reviveBody,
        response: { 200: personActionResult },
      },
    },
    async (request) => revive(ctxOf(deps, request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/unassigned/:id/merge',
    {
      schema: {
        tags,
        summary: 'Merge a person into another person: moves all activity, irreversible (managers)',
        params: idParams,
        body: mergeBody,
        response: { 200: personActionResult },
      },
    },
    async (request) => merge(ctxOf(deps, request), request.params.id, request.body.targetPersonId),
  );

  app.post(
    '/api/v1/unassigned/:id/ignore',
    {
      schema: {
        tags,
        summary: 'Ignore a person: deletes their activity data (managers)',
        params: idParams,
        body: emptyBody,
        response: { 200: personActionResult },
      },
    },
    async (request) => ignore(ctxOf(deps, request), request.params.id),
  );

  app.post(
    '/api/v1/ignored/:id/resurrect',
    {
      schema: {
        tags,
        summary: 'Move an ignored person back to unassigned (managers)',
        params: idParams,
        body: emptyBody,
        response: { 200: personActionResult },
      },
    },
    async (request) => resurrect(ctxOf(deps, request), request.params.id),
  );
};
export default peopleRoutes;
