import { createHash } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { type RunResources, resourceKind } from '../../engine';
import { type EgressPolicy } from '../../outbound-http';

/** One step of a request on its way out: it sees the request after signing, as sent. */
type RequestStep = (args: { request: unknown }) => Promise<unknown>;

/** The overload of an SDK middleware stack that adds a step just before sending. */
interface FinalizeStack {
  add(middleware: (next: RequestStep) => RequestStep, options: { step: 'finalizeRequest'; name: string }): void;
}

/** The parts of a request the steps read. */
export interface SentRequest {
  readonly protocol?: string;
  readonly hostname?: string;
  readonly port?: number;
  readonly path?: string;
}

/**
 * Adds a step to a client's or a command's middleware stack that sees each request just before it is sent
 * (each attempt); a throw fails the attempt.
 */
export function beforeSending(target: { readonly middlewareStack: object }, name: string, step: (request: SentRequest) => void | Promise<void>): void {
  // Each stack is typed for its command's input and output; these steps read neither.
  (target.middlewareStack as FinalizeStack).add(
    (next) => async (args) => {
      await step(args.request as SentRequest);
      return next(args);
    },
    { step: 'finalizeRequest', name },
  );
}

/** Where and as whom a node reaches S3. */
export interface S3Target {
  /** An S3-compatible server's base URL; undefined is AWS itself, found from the region. */
  readonly endpoint: string | undefined;
  /** Address buckets as a path (`endpoint/bucket/key`) instead of a subdomain. */
  readonly forcePathStyle: boolean;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

/** The run's S3 clients, one per endpoint, region and credential. */
const S3_CLIENT = resourceKind<Promise<S3Client>>('s3-client');

/**
 * The run's client for a target, shared by the S3 nodes of the run that use the same one and destroyed when
 * the run ends. Every connection it opens goes through the egress policy's dispatcher, which checks the
 * address it connects to (after resolution, for each bucket subdomain too).
 */
export function runS3Client(resources: RunResources, target: S3Target, egress: EgressPolicy): Promise<S3Client> {
  // The secret is part of what tells clients apart, but only as a digest: the key lives in the run's resource table.
  const fingerprint = createHash('sha256').update(target.secretAccessKey).digest('hex').slice(0, 16);
  const key = JSON.stringify([target.endpoint ?? '', target.forcePathStyle, target.region, target.accessKeyId, fingerprint]);
  return resources.shared(
    S3_CLIENT,
    key,
    () => openS3Client(target, egress),
    (opened) =>
      opened.then(
        (client) => client.destroy(),
        () => undefined,
      ),
  );
}

async function openS3Client(target: S3Target, egress: EgressPolicy): Promise<S3Client> {
  // The SDK is loaded by the first S3 node, so that a service that never uses S3 does not pay for it.
  const [{ S3Client: Client }, { FetchHttpHandler }] = await Promise.all([import('@aws-sdk/client-s3'), import('@smithy/fetch-http-handler')]);
  const client = new Client({
    endpoint: target.endpoint,
    forcePathStyle: target.forcePathStyle,
    region: target.region,
    credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    // fetch with the policy's dispatcher: the same connection checks as the HTTP nodes, and no Expect header.
    requestHandler: new FetchHttpHandler({ requestInit: () => ({ dispatcher: egress.dispatcher() }) as RequestInit }),
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // Checked before anything is sent too: a refusal then fails the node clearly, with no connection attempted.
  beforeSending(client, 'egressPolicy', async ({ protocol, hostname, port }) => {
    if (hostname !== undefined) await egress.checkedAddress(hostname, port ?? (protocol === 'http:' ? 80 : 443));
  });
  return client;
}
