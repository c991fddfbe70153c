import { generateKeyPairSync, verify } from 'node:crypto';
import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The spreadsheet the Sheets peer serves. */
export const SHEET_ID = 'sheet-7f3a';

/** The API key the Sheets peer accepts for reads. */
export const SHEETS_TEST_API_KEY = 'AIzaSyPeerKey0123456789abcdefghijklmn';

/** The access token the peer's token endpoint hands out for a correctly signed assertion. */
export const SHEETS_TEST_ACCESS_TOKEN = 'ya29.peer-access-token-0123456789';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** A service account whose key the peer's token endpoint checks assertions against. */
export const SHEETS_TEST_ACCOUNT = {
  clientEmail: 'robot@peer-project.iam.gserviceaccount.com',
  privateKey: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
} as const;

/** The cells of the peer's one sheet, rows of values, as Sheets keeps them after writes. */
export type SheetGrid = (string | number | boolean)[][];

/** A Google API error answer: `{error: {code, message, status}}`. */
export function googleError(status: number, message: string, code: string, headers: Record<string, string> = {}): PeerAnswer {
  return { status, headers, body: { error: { code: status, message, status: code } } };
}

function decodePart(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

// The JWT bearer grant as Google checks it: the form, the signature with the account's key, the claims.
function tokenRoute(tokenUrl: () => string): PeerRoute {
  return ({ text, headers }) => {
    const form = new URLSearchParams(text);
    if (headers['content-type'] !== 'application/x-www-form-urlencoded' || form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' } };
    }
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    const signed = signature !== undefined && verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), keys.publicKey, Buffer.from(signature, 'base64url'));
    if (!signed) return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    const claimed = decodePart(claims);
    const fresh = typeof claimed.exp === 'number' && typeof claimed.iat === 'number' && claimed.exp - claimed.iat <= 3600;
    if (
      claimed.iss !== SHEETS_TEST_ACCOUNT.clientEmail ||
      claimed.aud !== tokenUrl() ||
      claimed.scope !== 'https://www.googleapis.com/auth/spreadsheets' ||
      !fresh
    ) {
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT: claims do not match' } };
    }
    return { body: { access_token: SHEETS_TEST_ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' } };
  };
}

// Reads take the API key or the token; changes take the token only, as Google answers an API key on a write.
function authorized(write: boolean, route: (request: RecordedRequest) => PeerAnswer): PeerRoute {
  return (request) => {
    if (request.headers.authorization === `Bearer ${SHEETS_TEST_ACCESS_TOKEN}`) return route(request);
    if (!write && request.headers['x-goog-api-key'] === SHEETS_TEST_API_KEY) return route(request);
    if (write && request.headers['x-goog-api-key'] !== undefined) {
      return googleError(
        401,
        'API keys are not supported by this API. Expected OAuth2 access token or other authentication credentials that assert a principal.',
        'UNAUTHENTICATED',
      );
    }
    return googleError(403, 'The caller does not have permission', 'PERMISSION_DENIED');
  };
}

function needsInputOption(request: RecordedRequest, route: () => PeerAnswer): PeerAnswer {
  const option = request.query.get('valueInputOption');
  return option === 'RAW' || option === 'USER_ENTERED' ? route() : googleError(400, "'valueInputOption' is required but not specified", 'INVALID_ARGUMENT');
}

/** A started Sheets peer, its token endpoint's URL and the grid its writes change. */
export interface SheetsPeer {
  readonly peer: RecordingPeer;
  readonly tokenUrl: string;
  readonly grid: SheetGrid;
}

/**
 * Starts a Sheets REST v4 peer for {@link SHEET_ID} serving `range` (read, write, append, clear on one grid)
 * and an OAuth token endpoint at `/token` that checks service-account assertions. `overrides` replace routes.
 */
export async function startSheetsPeer(range: string, grid: SheetGrid = [], overrides: Record<string, PeerRoute> = {}): Promise<SheetsPeer> {
  const values = `/v4/spreadsheets/${SHEET_ID}/values/${encodeURIComponent(range)}`;
  const width = () => grid.reduce((most, row) => Math.max(most, row.length), 0);
  const updated = (rows: SheetGrid) => ({
    spreadsheetId: SHEET_ID,
    updatedRange: range,
    updatedRows: rows.length,
    updatedColumns: rows[0]?.length ?? 0,
    updatedCells: rows.flat().length,
  });
  let tokenUrl = '';
  const peer = await startRecordingPeer({
    'POST /token': tokenRoute(() => tokenUrl),
    [`GET ${values}`]: authorized(false, () => ({ body: { range, majorDimension: 'ROWS', ...(grid.length === 0 ? {} : { values: grid }) } })),
    [`PUT ${values}`]: authorized(true, (request) =>
      needsInputOption(request, () => {
        const rows = (request.json as { values: SheetGrid }).values;
        grid.splice(0, grid.length, ...rows);
        return { body: updated(rows) };
      }),
    ),
    [`POST ${values}:append`]: authorized(true, (request) =>
      needsInputOption(request, () => {
        const rows = (request.json as { values: SheetGrid }).values;
        const tableRange = `${range}#${grid.length}x${width()}`;
        grid.push(...rows);
        return { body: { spreadsheetId: SHEET_ID, tableRange, updates: updated(rows) } };
      }),
    ),
    [`POST ${values}:clear`]: authorized(true, () => {
      grid.splice(0, grid.length);
      return { body: { spreadsheetId: SHEET_ID, clearedRange: range } };
    }),
    ...overrides,
  });
  tokenUrl = `${peer.url}/token`;
  return { peer, tokenUrl, grid };
}
