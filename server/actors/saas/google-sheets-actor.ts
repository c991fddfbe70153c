import { z } from 'zod';
import { type JsonValue, defineActor, isJsonObject } from '../../engine';
import { type NamedSecretLookup, choiceSetting, optionalText, requiredText } from '../shared';
import { type AccessTokenCache, GOOGLE_PUBLIC_TOKEN_URL, forgetServiceAccountToken } from './google-service-account';
import { SHEETS_SECRETS, requireSheetsCredentials, sheetsAuthorization } from './google-sheets-auth';
import { SHEETS_OPERATIONS, VALUE_INPUT_OPTIONS, sheetsRequest, sheetsResult } from './google-sheets-operations';
import { type SaasActorOptions } from './saas-actor-options';
import { attemptTimeout, credentialSetting, timeoutSetting, vendorBaseUrl, vendorUrlSetting } from './saas-settings';
import { bodyText, textField, vendorFailure } from './vendor-failure';
import { sendVendorRequest } from './vendor-request';

/** The Sheets REST API, used when neither the node nor the server names another. */
const SHEETS_PUBLIC_API = 'https://sheets.googleapis.com';

/** What the Google Sheets factory takes: the SaaS options and where service-account tokens are exchanged. */
export interface GoogleSheetsActorOptions extends SaasActorOptions {
  /** The token endpoint of nodes that set no `tokenUrl`. @default GOOGLE_PUBLIC_TOKEN_URL */
  tokenUrl?: string;
}

/** The `tpl_google_sheets` properties, plus the keys of our own: the credentials, `baseUrl`, `tokenUrl` and `timeout`. */
function googleSheetsConfigSchema(secret?: NamedSecretLookup) {
  return z
    .object({
      spreadsheetId: requiredText('The spreadsheet id, as in its URL .../spreadsheets/d/<id>/edit'),
      operation: choiceSetting('read the range, write data-in over it, append data-in below the table in it, or clear it', SHEETS_OPERATIONS, 'read'),
      range: requiredText('The range in A1 notation, such as Sheet1!A1:C10; a packet on range-in replaces it', 'A1:Z1000'),
      valueInputOption: choiceSetting(
        'How written values are read: USER_ENTERED (as if typed: formulas, dates) or RAW (as they are)',
        VALUE_INPUT_OPTIONS,
        'USER_ENTERED',
      ),
      apiKey: credentialSetting('A Google API key; it can only read (sheets shared by link)', SHEETS_SECRETS.apiKey),
      clientEmail: optionalText(`The e-mail address of a service account the spreadsheet is shared with; when unset, the secret ${SHEETS_SECRETS.clientEmail}`),
      privateKey: credentialSetting("The service account's PEM private key (private_key of its JSON key file)", SHEETS_SECRETS.privateKey),
      baseUrl: vendorUrlSetting(`The Sheets API root; when unset, the server's saas_endpoints.google_sheets, else ${SHEETS_PUBLIC_API}`),
      tokenUrl: vendorUrlSetting(
        `Where service-account assertions are exchanged for access tokens; when unset, the server's saas_endpoints.google_token, else ${GOOGLE_PUBLIC_TOKEN_URL}`,
      ),
      timeout: timeoutSetting(),
    })
    .superRefine(requireSheetsCredentials(secret));
}

function rangeOf(packet: JsonValue | undefined, configured: string): string {
  if (packet === undefined || packet === null) return configured;
  const range = isJsonObject(packet) ? packet.range : packet;
  if (typeof range !== 'string' || range.trim() === '') throw new Error('range-in must be a range in A1 notation, such as Sheet1!A1:C10, or {range}');
  return range.trim();
}

/**
 * Builds the `tpl_google_sheets` actor: one Sheets REST v4 call per packet (once at start when nothing feeds
 * the node), the values on `values-out` and the sheet information on `metadata-out`. Reads authenticate with
 * an API key or a service account; writes need the service account, whose access tokens the factory keeps
 * until shortly before they expire.
 */
export function createGoogleSheetsActor(options: GoogleSheetsActorOptions = {}) {
  const tokens: AccessTokenCache = new Map();
  return defineActor({
    id: 'tpl_google_sheets',
    title: 'Google Sheets',
    description: 'Reads, writes, appends or clears a range of a Google spreadsheet through the Sheets REST API.',
    inports: {
      'data-in': { type: 'all', description: 'The rows to write or append: an array of rows, an array of objects (their keys as columns), or {values}.' },
      'range-in': { type: 'string', description: 'A range in A1 notation replacing the configured one, kept for later packets.', control: true },
    },
    outports: {
      'values-out': { type: 'array', description: 'The values read, or the rows written or appended ([] after clear).' },
      'metadata-out': {
        type: 'object',
        description: 'The sheet information: {spreadsheetId, range, rowCount, columnCount} of a read, or what Sheets reports of a change.',
      },
    },
    config: googleSheetsConfigSchema(options.secret),
    effects: (config) => (config.operation === 'read' ? 'repeatable' : 'once'),
    fire: async ({ config, inputs, signal, send, secret }) => {
      const context = { signal, timeoutMs: attemptTimeout(config.timeout, options.maxTimeoutMs), options };
      const base = vendorBaseUrl(config.baseUrl, options.baseUrl, SHEETS_PUBLIC_API);
      const call = {
        spreadsheetId: config.spreadsheetId,
        range: rangeOf(inputs['range-in'], config.range),
        valueInputOption: config.valueInputOption,
        data: inputs['data-in'],
      };
      const { request, rows } = sheetsRequest(base, config.operation, call);
      const tokenUrl = vendorBaseUrl(config.tokenUrl, options.tokenUrl, GOOGLE_PUBLIC_TOKEN_URL, 'tokenUrl');
      const auth = await sheetsAuthorization(config, secret, tokenUrl, tokens, context);
      const reply = await sendVendorRequest({ ...request, headers: auth.headers }, context);
      if (reply.status >= 400) {
        if (reply.status === 401 && auth.accessToken !== undefined) forgetServiceAccountToken(tokens, auth.accessToken);
        const status = textField(reply.body, 'error', 'status');
        throw vendorFailure(
          'Google Sheets',
          request,
          reply,
          textField(reply.body, 'error', 'message') ?? bodyText(reply.body),
          status === undefined ? {} : { code: status },
        );
      }
      const result = sheetsResult(config.operation, config.spreadsheetId, rows, reply.body);
      await send('values-out', result.values);
      await send('metadata-out', result.metadata);
    },
  });
}

/** The `tpl_google_sheets` actor without server options; the server's catalogue builds its own with `createGoogleSheetsActor`. */
export const googleSheetsActor = createGoogleSheetsActor();
