import { type AnyActorDefinition } from '../../engine';
import { createGithubActor, githubActor } from './github-actor';
import { createGoogleSheetsActor, googleSheetsActor } from './google-sheets-actor';
import { createHubspotActor, hubspotActor } from './hubspot-actor';
import { type SaasActorOptions, type SaasEndpoints } from './saas-actor-options';
import { createSalesforceActor, salesforceActor } from './salesforce-actor';

/** The SaaS family of the catalogue: GitHub, Google Sheets, HubSpot and Salesforce. */
export const saasActors: readonly AnyActorDefinition[] = [githubActor, googleSheetsActor, hubspotActor, salesforceActor];

/** The SaaS actors with the server's options, each vendor at its server-wide address when `endpoints` names one. */
export function createSaasActors(options: Omit<SaasActorOptions, 'baseUrl'> & { endpoints?: SaasEndpoints } = {}): AnyActorDefinition[] {
  const { endpoints = {}, ...shared } = options;
  return [
    createGithubActor({ ...shared, baseUrl: endpoints.github }),
    createGoogleSheetsActor({ ...shared, baseUrl: endpoints.google_sheets, tokenUrl: endpoints.google_token }),
    createHubspotActor({ ...shared, baseUrl: endpoints.hubspot }),
    createSalesforceActor({ ...shared, baseUrl: endpoints.salesforce }),
  ];
}

export { type SaasActorOptions, type SaasEndpoints } from './saas-actor-options';
export { createGithubActor, GITHUB_PUBLIC_API } from './github-actor';
export { type GoogleSheetsActorOptions, createGoogleSheetsActor, SHEETS_PUBLIC_API } from './google-sheets-actor';
export { GOOGLE_PUBLIC_TOKEN_URL } from './google-service-account';
export { createHubspotActor, HUBSPOT_PUBLIC_API } from './hubspot-actor';
export { createSalesforceActor, SALESFORCE_API_VERSION } from './salesforce-actor';
export { SALESFORCE_PUBLIC_LOGIN } from './salesforce-connection';
