import { z } from 'zod';
import { type AnyActorDefinition, defineActor } from '../../engine';
import { type EgressPolicy, MAX_RESPONSE_BYTES } from '../../outbound-http';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { type NamedSecretLookup, choiceSetting, credentialOf, numberSetting, optionalText, requireCredential, requiredText, textSetting } from '../shared';
import { runS3Client } from './s3-client';
import { s3Failure } from './s3-failure';
import { MAX_LISTED_OBJECTS, S3_OPERATIONS, S3_OPERATION_EFFECTS, type S3Outcome, runS3Operation } from './s3-operations';

/** What the S3 node takes from the server. */
export interface S3StorageActorOptions {
  /** What the node may connect to. @default the built-in denials only */
  egress?: EgressPolicy;
  /** The operator's named secrets, to check at validation that the keys are configured. */
  secret?: NamedSecretLookup;
  /** The S3-compatible server of nodes that name none (`s3_endpoint`); unset is AWS. */
  endpoint?: string;
  /** The largest object a download reads, in bytes. @default MAX_RESPONSE_BYTES */
  maxObjectBytes?: number;
  /** The most objects a list gathers. @default MAX_LISTED_OBJECTS */
  maxListedObjects?: number;
}

/** The region of a node that names none, when the secret AWS_REGION is not configured either. */
const DEFAULT_S3_REGION = 'us-east-1';

const ACCESS_KEY_SECRETS = ['AWS_ACCESS_KEY_ID'] as const;
const SECRET_KEY_SECRETS = ['AWS_SECRET_ACCESS_KEY'] as const;

const httpUrl = z
  .string()
  .url('must be a URL such as http://127.0.0.1:9000')
  .refine((url) => /^https?:\/\//i.test(url), 'must be an http:// or https:// URL')
  .optional();

// A flag whose absence means something of its own: true and false also come as text, blank is unset.
const optionalFlag = (description: string) =>
  z
    .preprocess((value) => (value === null || value === '' ? undefined : value === 'true' ? true : value === 'false' ? false : value), z.boolean().optional())
    .describe(description);

/** The `tpl_s3_storage` properties, plus where the server is and the node's own keys and limits. */
function s3StorageConfigSchema(secret?: NamedSecretLookup) {
  return z
    .object({
      bucket: requiredText('The bucket'),
      operation: choiceSetting(
        'upload stores file-in under key-in; download and delete act on the object key-in; list lists the objects whose keys start with key-in',
        S3_OPERATIONS,
        'upload',
      ),
      acl: choiceSetting('The canned ACL of an uploaded object', ['private', 'public-read', 'public-read-write'], 'private'),
      storageClass: choiceSetting('The storage class of an uploaded object', ['STANDARD', 'GLACIER', 'DEEP_ARCHIVE'], 'STANDARD'),
      endpoint: textSetting('Base URL of an S3-compatible server (MinIO, Ceph, a local one); unset, the server setting s3_endpoint, else AWS', httpUrl),
      forcePathStyle: optionalFlag('Address buckets as a path (endpoint/bucket/key) instead of a subdomain; unset, on when an endpoint is set'),
      region: optionalText(`The region; unset, the secret AWS_REGION, else ${DEFAULT_S3_REGION}`),
      accessKeyId: optionalText('The access key id, usually ${secret:NAME}; unset, the secret AWS_ACCESS_KEY_ID'),
      secretAccessKey: optionalText('The secret access key, written as ${secret:NAME}; unset, the secret AWS_SECRET_ACCESS_KEY'),
      timeout: numberSetting('Time limit of one operation, in milliseconds', z.number().int().min(1).max(3_600_000).default(60_000)),
    })
    .superRefine(requireCredential('accessKeyId', ACCESS_KEY_SECRETS, secret))
    .superRefine(requireCredential('secretAccessKey', SECRET_KEY_SECRETS, secret));
}

/**
 * Builds `tpl_s3_storage`: uploads `file-in` under the key on `key-in`, downloads or deletes the object at the
 * key, or lists the objects under the key as prefix, in `bucket` of AWS S3 or of an S3-compatible server. The
 * object's URL (the bucket's, for a list) goes to `url-out` and what S3 says of it to `metadata-out`; a
 * download adds its content there, as `text` or `base64`, up to a size bound. Connections pass the egress policy.
 */
export function createS3StorageActor(options: S3StorageActorOptions = {}) {
  const egress = options.egress ?? DEFAULT_EGRESS;
  const maxBytes = options.maxObjectBytes ?? MAX_RESPONSE_BYTES;
  const maxListed = options.maxListedObjects ?? MAX_LISTED_OBJECTS;
  return defineActor({
    id: 'tpl_s3_storage',
    title: 'AWS S3',
    description: 'Uploads, downloads, deletes and lists objects of an S3 bucket (AWS or an S3-compatible server).',
    inports: {
      'file-in': { type: 'all', description: 'upload: the content, as text, {base64, contentType?}, {text, contentType} or any JSON (stored as JSON).' },
      'key-in': { type: 'string', control: true, description: 'The object key (the prefix, for list); kept for later firings.' },
    },
    outports: {
      'url-out': { type: 'string', description: "The object's URL (the bucket's, for list)." },
      'metadata-out': {
        type: 'object',
        description:
          'What S3 says of the object: {operation, bucket, key, url, size, contentType, etag, ...}; a download adds text or base64, a list its objects.',
      },
    },
    config: s3StorageConfigSchema(options.secret),
    effects: (config) => S3_OPERATION_EFFECTS[config.operation],
    fire: async ({ config, inputs, resources, secret, send, signal }) => {
      const keyPacket = inputs['key-in'];
      const key =
        keyPacket === undefined || keyPacket === null || keyPacket === '' ? undefined : typeof keyPacket === 'string' ? keyPacket : JSON.stringify(keyPacket);
      const endpoint = config.endpoint ?? options.endpoint;
      const what = `s3://${config.bucket}${key === undefined ? '' : `/${key}`}`;
      const limit = AbortSignal.timeout(config.timeout);
      let outcome: S3Outcome;
      try {
        const client = await runS3Client(
          resources,
          {
            endpoint,
            forcePathStyle: config.forcePathStyle ?? endpoint !== undefined,
            region: config.region ?? secret('AWS_REGION') ?? DEFAULT_S3_REGION,
            // Validation made sure both are configured.
            accessKeyId: credentialOf(config.accessKeyId, ACCESS_KEY_SECRETS, secret) ?? '',
            secretAccessKey: credentialOf(config.secretAccessKey, SECRET_KEY_SECRETS, secret) ?? '',
          },
          egress,
        );
        const { operation, bucket, acl, storageClass } = config;
        outcome = await runS3Operation(client, {
          operation,
          bucket,
          acl,
          storageClass,
          key,
          file: inputs['file-in'],
          maxBytes,
          maxListed,
          signal: AbortSignal.any([signal, limit]),
        });
      } catch (error) {
        if (signal.aborted) throw error;
        throw s3Failure(error, config.operation, what, limit.aborted ? config.timeout : undefined);
      }
      await send('url-out', outcome.url);
      await send('metadata-out', outcome.metadata);
    },
  });
}

/** `tpl_s3_storage` as the default catalogue has it: no named secrets known at validation, AWS as the server. */
export const s3StorageActor: AnyActorDefinition = createS3StorageActor();
