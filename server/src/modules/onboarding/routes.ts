import { errorBody, idParams } from '@overlap/contract/common';
import {
  availableChatApps,
  completeOnboardingResult,
  connectOauthBody,
  connectOauthResult,
  customChatAppBody,
  integrationStatusResult,
  onboardingPaths,
  onboardingState,
  saveSurveyBody,
  selectChatAppBody,
  selectChatAppResult,
  successResult,
  surveyPaths,
  surveyView,
} from '@overlap/contract/onboarding';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { startOnboardingAuthorization } from '../oauth/service.ts';
import { getIntegrationStatus, listAvailableChatApps, selectChatApp } from './chat-app-service.ts';
import { completeOnboarding, getOnboardingState, saveCustomChatApp } from './onboarding-service.ts';
import { saveSurvey } from './survey-service.ts';

const tags = ['Onboarding'];
const refusals = { 401: errorBody, 403: errorBody };

const onboardingRoutes: AreaPlugin = async (app, { deps }) => {
  app.post(
    surveyPaths.survey,
    {
      schema: {
        tags,
        summary: 'Save survey answers (any member); only the fields sent change',
        description:
          'Called on every change of the survey page. `completed: true` is our addition: it stamps ' +
          '`completedAt` the first time and leaves it alone afterwards.',
        body: saveSurveyBody,
        response: { 200: surveyView, 400: errorBody, ...refusals },
      },
    },
    async (request) => saveSurvey(ctxOf(deps, request), request.body),
  );

  app.get(
    onboardingPaths.state,
    {
      schema: {
        tags,
        summary: "Whether the wizard is required, with the account's integrations and plan (any member)",
        description: "`nextAction: 'onboarding'` means every page of the app sends the user to the wizard.",
        response: { 200: onboardingState, ...refusals },
      },
    },
    async (request) => getOnboardingState(ctxOf(deps, request)),
  );

  app.get(
    onboardingPaths.availableChatApps,
    {
      schema: {
        tags,
        summary: 'The enabled chat apps, how each connects and whether it can on this server (any member)',
        description:
          'Demo Data comes first. OAuth apps (slack, microsoft, discord) answer `available: false` with the ' +
          "reason while the server has no client credentials for them (see the README's configuration table).",
        response: { 200: availableChatApps, ...refusals },
      },
    },
    async (request) => listAvailableChatApps(ctxOf(deps, request)),
  );

  app.post(
    onboardingPaths.selectChatApp,
    {
      schema: {
        tags,
        summary: "Create the account's integration of a chat app, or answer the one it has (managers)",
        description:
          "`message` is 'Integration created' or 'Integration already exists'. Token apps answer the full " +
          'API key and a curl command that pushes one presence sample. Plan rules answer 403 ' +
          '`UPGRADE_REQUIRED`; an OAuth app that is not configured answers 409.',
        body: selectChatAppBody,
        response: { 200: selectChatAppResult, 400: errorBody, 409: errorBody, ...refusals },
      },
    },
    async (request) => selectChatApp(ctxOf(deps, request), request.body),
  );

  app.get(
    '/api/v1/onboarding/integration-status/:id',
    {
      schema: {
        tags,
        summary: 'Whether an integration has received its first data (any member)',
        params: idParams,
        response: { 200: integrationStatusResult, 400: errorBody, 404: errorBody, ...refusals },
      },
    },
    async (request) => getIntegrationStatus(ctxOf(deps, request), request.params.id),
  );

  app.post(
    onboardingPaths.connectOauth,
    {
      schema: {
        tags,
        summary: "Start an OAuth chat app's sign-in (managers)",
        description:
          "Authorizes the account's newest integration of the chat app (created by select-chat-app) and " +
          'answers the URL to navigate to; the return page then goes on to step 2. 404 without such an ' +
          "integration; 503 '{Name} sign-in is not configured on this server.' while the server has no " +
          'client credentials for the provider.',
        body: connectOauthBody,
        response: { 200: connectOauthResult, 400: errorBody, 404: errorBody, 503: errorBody, ...refusals },
      },
    },
    async (request) => startOnboardingAuthorization(ctxOf(deps, request), request.body.provider),
  );

  app.post(
    onboardingPaths.customChatApp,
    {
      schema: {
        tags,
        summary: 'Remember the chat app the team really uses (any member)',
        description: "Added to the signup data's `requestedIntegrations` (no duplicates, compared without case).",
        body: customChatAppBody,
        response: { 200: successResult, 400: errorBody, ...refusals },
      },
    },
    async (request) => saveCustomChatApp(ctxOf(deps, request), request.body.customChatApp),
  );

  app.post(
    onboardingPaths.complete,
    {
      schema: {
        tags,
        summary: 'Finish the onboarding wizard (managers); idempotent',
        description: 'Also activates an account that is still pending.',
        response: { 200: completeOnboardingResult, ...refusals },
      },
    },
    async (request) => completeOnboarding(ctxOf(deps, request)),
  );
};
export default onboardingRoutes;
