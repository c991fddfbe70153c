import { createHash } from 'node:crypto';
import { type AnyActorDefinition, type JsonValue } from '../../server/engine';
import { createS3StorageActor } from '../../server/actors';
import { EgressPolicy } from '../../server/outbound-http';
import { runFlow } from '../support/kits';
import { type RecordingPeer, startRecordingPeer } from '../support/peers/recording-peer';
import { S3_PEER_KEYS, type S3Peer, startS3Peer } from '../support/peers/s3-peer';

const SECRETS: Record<string, string> = {
  AWS_ACCESS_KEY_ID: S3_PEER_KEYS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3_PEER_KEYS.secretAccessKey,
  AWS_REGION: 'eu-west-1',
};
const secret = (name: string): string | undefined => SECRETS[name];

let peer: S3Peer;
let actor: AnyActorDefinition;

beforeAll(async () => {
  peer = await startS3Peer(['photos']);
  actor = createS3StorageActor({ secret, endpoint: peer.url });
});
afterAll(() => peer.close());

/** Runs one S3 node with the packets on its ports and collects both outputs. */
function runS3(
  config: Record<string, JsonValue>,
  packets: { key?: JsonValue; file?: JsonValue } = {},
  node: AnyActorDefinition = actor,
  options: Parameters<typeof runFlow>[2] = {},
) {
  const connections: JsonValue[] = [];
  if (packets.key !== undefined) connections.push({ data: packets.key, tgt: { process: 's3', port: 'key-in' } });
  if (packets.file !== undefined) connections.push({ data: packets.file, tgt: { process: 's3', port: 'file-in' } });
  return runFlow(
    [node],
    {
      processes: { s3: { component: 'tpl_s3_storage', metadata: { config: { bucket: 'photos', ...config } } } },
      connections,
      collect: ['s3.url-out', 's3.metadata-out'],
    },
    { secret, ...options },
  );
}

const md5 = (text: string | Buffer): string => createHash('md5').update(text).digest('hex');

describe('tpl_s3_storage against a local S3 server', () => {
  it('uploads file-in under the key from key-in, signed with the named secrets in their region, and sends the object URL and what S3 said', async () => {
    const before = peer.requests.length;
    const { result, received } = await runS3({ acl: 'public-read', storageClass: 'GLACIER' }, { key: 'notes/a.txt', file: 'hello, bucket' });
    expect(result.errors).toEqual([]);
    expect(received['s3.url-out']).toEqual([`${peer.url}/photos/notes/a.txt`]);
    expect(received['s3.metadata-out']).toEqual([
      {
        operation: 'upload',
        bucket: 'photos',
        key: 'notes/a.txt',
        url: `${peer.url}/photos/notes/a.txt`,
        size: 13,
        contentType: 'text/plain; charset=utf-8',
        etag: md5('hello, bucket'),
        acl: 'public-read',
        storageClass: 'GLACIER',
      },
    ]);
    const sent = peer.requests.slice(before);
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(['PUT /photos/notes/a.txt?x-id=PutObject']);
    expect(sent[0].headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/eu-west-1\/s3\/aws4_request, /);
    expect(sent[0].headers).toMatchObject({ 'x-amz-acl': 'public-read', 'x-amz-storage-class': 'GLACIER', 'content-type': 'text/plain; charset=utf-8' });
  });

  it('leaves the default ACL and storage class unsaid, and stores JSON that is no file as JSON text', async () => {
    const before = peer.requests.length;
    const { received } = await runS3({}, { key: 'data/row.json', file: { id: 7, tags: ['a'] } });
    expect(received['s3.metadata-out']).toEqual([
      expect.objectContaining({ contentType: 'application/json', size: 21, acl: 'private', storageClass: 'STANDARD' }),
    ]);
    expect(peer.requests[before].headers).not.toHaveProperty('x-amz-acl');
    expect(peer.requests[before].headers).not.toHaveProperty('x-amz-storage-class');
  });

  it('downloads text content as text, and binary content as base64 with its content type', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    await runS3({}, { key: 'img/dot.png', file: { base64: bytes.toString('base64'), contentType: 'image/png' } });
    const text = await runS3({ operation: 'download' }, { key: 'notes/a.txt' });
    expect(text.received['s3.url-out']).toEqual([`${peer.url}/photos/notes/a.txt`]);
    expect(text.received['s3.metadata-out']).toEqual([
      {
        operation: 'download',
        bucket: 'photos',
        key: 'notes/a.txt',
        url: `${peer.url}/photos/notes/a.txt`,
        size: 13,
        contentType: 'text/plain; charset=utf-8',
        etag: md5('hello, bucket'),
        lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        storageClass: 'GLACIER',
        metadata: {},
        text: 'hello, bucket',
      },
    ]);
    const binary = await runS3({ operation: 'download' }, { key: 'img/dot.png' });
    expect(binary.received['s3.metadata-out']).toEqual([expect.objectContaining({ contentType: 'image/png', size: 6, base64: bytes.toString('base64') })]);
    expect(binary.received['s3.metadata-out'][0]).not.toHaveProperty('text');
  });

  it('uploads a downloaded object elsewhere as it came: its metadata packet is a file', async () => {
    const downloaded = await runS3({ operation: 'download' }, { key: 'img/dot.png' });
    const copy = await runS3({}, { file: downloaded.received['s3.metadata-out'][0] });
    expect(copy.received['s3.metadata-out']).toEqual([expect.objectContaining({ key: 'img/dot.png', contentType: 'image/png', size: 6 })]);
  });

  it('lists the objects whose keys start with key-in, with the bucket URL on url-out', async () => {
    const { received } = await runS3({ operation: 'list' }, { key: 'notes/' });
    expect(received['s3.url-out']).toEqual([`${peer.url}/photos/`]);
    expect(received['s3.metadata-out']).toEqual([
      {
        operation: 'list',
        bucket: 'photos',
        prefix: 'notes/',
        url: `${peer.url}/photos/`,
        count: 1,
        truncated: false,
        objects: [{ key: 'notes/a.txt', size: 13, etag: md5('hello, bucket'), lastModified: expect.any(String), storageClass: 'STANDARD' }],
      },
    ]);
  });

  it('deletes the object at key-in, after which a list no longer has it', async () => {
    await runS3({}, { key: 'tmp/gone.txt', file: 'short-lived' });
    const { received } = await runS3({ operation: 'delete' }, { key: 'tmp/gone.txt' });
    expect(received['s3.metadata-out']).toEqual([
      { operation: 'delete', bucket: 'photos', key: 'tmp/gone.txt', url: `${peer.url}/photos/tmp/gone.txt`, deleted: true },
    ]);
    const listed = await runS3({ operation: 'list' }, { key: 'tmp/' });
    expect(listed.received['s3.metadata-out']).toEqual([expect.objectContaining({ count: 0, objects: [] })]);
  });

  it("fails with S3's own answer for a bucket the server does not have, naming code, status and object", async () => {
    const { result, received } = await runS3({ bucket: 'no-such-bucket', operation: 'download' }, { key: 'x.txt' });
    expect(result.success).toBe(false);
    expect(result.errors).toEqual([
      {
        node_id: 's3',
        message: expect.stringMatching(/^S3 download of s3:\/\/no-such-bucket\/x\.txt failed: NoSuchBucket \(HTTP 404\): The specified bucket does not exist/),
      },
    ]);
    expect(received).toEqual({});
  });

  it('fails when S3 refuses the keys, without the secret key in the message', async () => {
    const { result } = await runS3({ operation: 'list', accessKeyId: 'WRONG', secretAccessKey: 'not-the-secret-1234' });
    expect(result.errors[0].message).toMatch(/InvalidAccessKeyId \(HTTP 403\)/);
    expect(JSON.stringify(result)).not.toContain('not-the-secret-1234');
  });

  it('refuses a download larger than the bound before keeping it', async () => {
    const small = createS3StorageActor({ secret, endpoint: peer.url, maxObjectBytes: 8 });
    const { result } = await runS3({ operation: 'download' }, { key: 'notes/a.txt' }, small);
    expect(result.errors[0].message).toMatch(/s3:\/\/photos\/notes\/a\.txt is larger than the 8 bytes a download may read/);
  });

  it('rejects before the run a node with no access key and no secret key configured, naming both settings', async () => {
    const bare = createS3StorageActor({ secret: () => undefined, endpoint: peer.url });
    await expect(runS3({ operation: 'list' }, {}, bare, { secret: () => undefined })).rejects.toThrow(
      /accessKeyId[\s\S]*is required: set accessKeyId or configure the secret AWS_ACCESS_KEY_ID/,
    );
    await expect(runS3({ operation: 'list' }, {}, bare, { secret: () => undefined })).rejects.toThrow(/secretAccessKey[\s\S]*AWS_SECRET_ACCESS_KEY/);
  });

  it('rejects before the run an endpoint that is no http URL', async () => {
    await expect(runS3({ endpoint: 'ftp://127.0.0.1/' })).rejects.toThrow(/endpoint[\s\S]*must be an http:\/\/ or https:\/\/ URL/);
  });

  it('fails without contacting the server when the egress policy refuses its address', async () => {
    const fenced = createS3StorageActor({ secret, endpoint: peer.url, egress: new EgressPolicy({ deny: ['127.0.0.0/8'] }) });
    const connections = peer.connections;
    const requests = peer.requests.length;
    const { result } = await runS3({ operation: 'list' }, {}, fenced);
    expect(result.errors).toEqual([
      {
        node_id: 's3',
        message: expect.stringMatching(/^S3 list of s3:\/\/photos was not sent: egress policy refuses 127\.0\.0\.1:\d+ \(egress_deny covers 127\.0\.0\.1\)/),
      },
    ]);
    expect(peer.connections).toBe(connections);
    expect(peer.requests).toHaveLength(requests);
  });
});

/** One page of a ListObjectsV2 answer, as S3 writes it. */
function listPage(keys: readonly string[], next: string | undefined): string {
  const contents = keys.map(
    (key) =>
      `<Contents><Key>${key}</Key><LastModified>2026-01-01T00:00:00.000Z</LastModified><ETag>"e-${key}"</ETag><Size>1</Size><StorageClass>STANDARD</StorageClass></Contents>`,
  );
  const truncation =
    next === undefined ? '<IsTruncated>false</IsTruncated>' : `<IsTruncated>true</IsTruncated><NextContinuationToken>${next}</NextContinuationToken>`;
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>photos</Name><KeyCount>${keys.length}</KeyCount>${truncation}${contents.join('')}</ListBucketResult>`;
}

// s3rver cannot make continuation tokens on Node 17+ (its cipher is gone from OpenSSL 3): paging is scripted here.
describe('tpl_s3_storage against a scripted S3 peer', () => {
  let silent: RecordingPeer;
  beforeAll(async () => {
    silent = await startRecordingPeer({
      'GET /photos/slow.txt': () => ({ delayMs: 10_000, body: 'late' }),
      'GET /photos/': (request) => ({
        headers: { 'content-type': 'application/xml' },
        body: request.query.get('continuation-token') === 'page-2' ? listPage(['many/c.txt'], undefined) : listPage(['many/a.txt', 'many/b.txt'], 'page-2'),
      }),
    });
  });

  it('lists page after page until S3 says the list is whole', async () => {
    const before = silent.requests.length;
    const { received } = await runS3({ operation: 'list', endpoint: silent.url }, { key: 'many/' });
    expect(received['s3.metadata-out']).toEqual([
      expect.objectContaining({
        count: 3,
        truncated: false,
        objects: ['a', 'b', 'c'].map((name) => ({
          key: `many/${name}.txt`,
          size: 1,
          etag: `e-many/${name}.txt`,
          lastModified: '2026-01-01T00:00:00.000Z',
          storageClass: 'STANDARD',
        })),
      }),
    ]);
    const pages = silent.requests.slice(before);
    expect(pages.map((request) => [request.query.get('prefix'), request.query.get('continuation-token'), request.query.get('max-keys')])).toEqual([
      ['many/', null, '1000'],
      ['many/', 'page-2', '1000'],
    ]);
  });

  it('gathers at most the bound of objects a list may hold, and says the list is truncated', async () => {
    const before = silent.requests.length;
    const capped = createS3StorageActor({ secret, maxListedObjects: 2 });
    const { received } = await runS3({ operation: 'list', endpoint: silent.url }, { key: 'many/' }, capped);
    expect(received['s3.metadata-out']).toEqual([expect.objectContaining({ count: 2, truncated: true })]);
    expect(silent.requests.slice(before).map((request) => request.query.get('max-keys'))).toEqual(['2']);
  });

  afterAll(() => silent.close());

  it('aborts the request when the run is cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const { result } = await runS3({ operation: 'download', endpoint: silent.url }, { key: 'slow.txt' }, actor, { signal: controller.signal });
    expect(result.success).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(silent.aborted).toBeGreaterThanOrEqual(1);
  });

  it('fails with a timeout when the node timeout passes first', async () => {
    const { result } = await runS3({ operation: 'download', endpoint: silent.url, timeout: 300 }, { key: 'slow.txt' });
    expect(result.errors).toEqual([{ node_id: 's3', message: 'S3 download of s3://photos/slow.txt timed out after 300 ms' }]);
  });
});
