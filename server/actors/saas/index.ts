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
export { createGithubActor } from './github-actor';
export { createGoogleSheetsActor } from './google-sheets-actor';
export { createHubspotActor } from './hubspot-actor';
export { createSalesforceActor } from './salesforce-actor';
