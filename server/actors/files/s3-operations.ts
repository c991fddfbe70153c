import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { type FiringEffects, type JsonObject, type JsonValue } from '../../engine';
import { beforeSending } from './s3-client';
import { bareEtag, downloadedContent, objectFields, readBoundedObject, tooLarge, uploadBody } from './s3-object-body';

/** What the S3 node can do, as the template names it. */
export const S3_OPERATIONS = ['upload', 'download', 'delete', 'list'] as const;

/** What each operation does to the bucket: a download or a list only reads it; an upload or a delete is made once. */
export const S3_OPERATION_EFFECTS: Readonly<Record<(typeof S3_OPERATIONS)[number], Exclude<FiringEffects, 'none'>>> = {
  upload: 'once',
  download: 'repeatable',
  delete: 'once',
  list: 'repeatable',
};

/** One operation of an S3 node. */
export interface S3Request {
  readonly operation: (typeof S3_OPERATIONS)[number];
  readonly bucket: string;
  /** The object key (upload, download, delete) or the prefix (list). */
  readonly key: string | undefined;
  /** The `file-in` packet of an upload. */
  readonly file: JsonValue | undefined;
  readonly acl: string;
  readonly storageClass: string;
  /** The largest object a download reads, in bytes. */
  readonly maxBytes: number;
  /** The most object entries a list gathers. */
  readonly maxListed: number;
  readonly signal: AbortSignal;
}

/** What an operation produced: the URL of the object (of the bucket, for a list) and what S3 said of it. */
export interface S3Outcome {
  readonly url: string;
  readonly metadata: JsonObject;
}

/** The most object entries a list gathers, page after page, unless the server says otherwise; beyond it the list says `truncated`. */
export const MAX_LISTED_OBJECTS = 10_000;

// The URL a command was sent to, without its query: the object's (or the bucket's) address.
function recordUrl(command: { readonly middlewareStack: object }): () => string {
  let url = '';
  beforeSending(command, 'recordRequestUrl', ({ protocol, hostname, port, path }) => {
    url = `${protocol ?? 'https:'}//${hostname ?? ''}${port === undefined ? '' : `:${port}`}${path ?? '/'}`;
  });
  return () => url;
}

function objectKey(request: S3Request, fallback?: string): string {
  const key = request.key ?? fallback;
  if (key === undefined) throw new Error(`${request.operation} needs the object key on key-in`);
  return key;
}

/**
 * Runs one operation with the client: upload `file-in` under the key, download or delete the object at the
 * key, or list the objects whose keys start with the key (every object when there is none).
 * @throws the SDK's errors as they come (S3 answers, refused or failed connections, aborts), or Error for what the packets lack
 */
export async function runS3Operation(client: S3Client, request: S3Request): Promise<S3Outcome> {
  const sdk = await import('@aws-sdk/client-s3');
  const { bucket, signal } = request;
  switch (request.operation) {
    case 'upload': {
      const body = uploadBody(request.file);
      const key = objectKey(request, body.key);
      // The defaults are left unsaid: buckets with ACLs disabled (the AWS default) refuse any ACL header but private's absence.
      const command = new sdk.PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body.body,
        ContentType: body.contentType,
        ...(request.acl === 'private' ? {} : { ACL: request.acl as 'public-read' }),
        ...(request.storageClass === 'STANDARD' ? {} : { StorageClass: request.storageClass as 'GLACIER' }),
      });
      const url = recordUrl(command);
      const out = await client.send(command, { abortSignal: signal });
      return {
        url: url(),
        metadata: objectFields({
          operation: 'upload',
          bucket,
          key,
          url: url(),
          size: body.size,
          contentType: body.contentType,
          etag: bareEtag(out.ETag),
          versionId: out.VersionId,
          acl: request.acl,
          storageClass: request.storageClass,
        }),
      };
    }
    case 'download': {
      const key = objectKey(request);
      const command = new sdk.GetObjectCommand({ Bucket: bucket, Key: key });
      const url = recordUrl(command);
      const out = await client.send(command, { abortSignal: signal });
      if ((out.ContentLength ?? 0) > request.maxBytes) {
        await out.Body?.transformToWebStream()
          .cancel()
          .catch(() => undefined);
        throw tooLarge(`s3://${bucket}/${key}`, request.maxBytes);
      }
      const bytes = await readBoundedObject(out.Body, request.maxBytes, `s3://${bucket}/${key}`);
      const fields = objectFields({
        operation: 'download',
        bucket,
        key,
        url: url(),
        size: bytes.byteLength,
        contentType: out.ContentType,
        etag: bareEtag(out.ETag),
        lastModified: out.LastModified,
        storageClass: out.StorageClass,
        versionId: out.VersionId,
        metadata: out.Metadata,
      });
      return { url: url(), metadata: { ...fields, ...downloadedContent(bytes, out.ContentType) } };
    }
    case 'delete': {
      const key = objectKey(request);
      const command = new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key });
      const url = recordUrl(command);
      const out = await client.send(command, { abortSignal: signal });
      return {
        url: url(),
        metadata: objectFields({ operation: 'delete', bucket, key, url: url(), deleted: true, versionId: out.VersionId, deleteMarker: out.DeleteMarker }),
      };
    }
    case 'list':
      return listObjects(client, sdk, request);
  }
}

async function listObjects(client: S3Client, sdk: typeof S3Sdk, request: S3Request): Promise<S3Outcome> {
  const { bucket, key: prefix, signal } = request;
  const objects: JsonValue[] = [];
  let token: string | undefined;
  let url = '';
  let truncated = false;
  do {
    const command = new sdk.ListObjectsV2Command({
      Bucket: bucket,
      Prefix: prefix,
      ContinuationToken: token,
      MaxKeys: Math.min(1000, request.maxListed - objects.length),
    });
    const sentTo = recordUrl(command);
    const page = await client.send(command, { abortSignal: signal });
    url ||= sentTo();
    for (const entry of page.Contents ?? []) {
      objects.push(
        objectFields({ key: entry.Key, size: entry.Size, etag: bareEtag(entry.ETag), lastModified: entry.LastModified, storageClass: entry.StorageClass }),
      );
    }
    token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    truncated = token !== undefined && objects.length >= request.maxListed;
  } while (token !== undefined && !truncated);
  return { url, metadata: { ...objectFields({ operation: 'list', bucket, prefix, url, count: objects.length, truncated }), objects } };
}
