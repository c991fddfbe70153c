import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createImageInputActor } from '../../server/actors';
import { EgressPolicy } from '../../server/outbound-http';
import { type RecordingPeer, startRecordingPeer } from '../support/peers/recording-peer';
import { gifImage, jpegImage, pngImage } from './media-samples';
import { failure, runMedia } from './run-media';

const fast = { policy: { baseMs: 1, maxMs: 2 } };
const png = pngImage(4, 3);
const jpeg = jpegImage(3, 2);
let peer: RecordingPeer;
let filesDir: string;
let outside: string;

beforeAll(async () => {
  peer = await startRecordingPeer({
    'GET /pixel.gif': () => ({ body: gifImage(), headers: { 'content-type': 'image/gif' } }),
    'GET /photo': () => ({ body: jpeg, headers: { 'content-type': 'application/octet-stream' } }),
    'GET /broken': () => ({ status: 500, body: 'disk on fire' }),
    'GET /gone': () => ({ status: 404, body: 'no such image' }),
    'GET /large.png': () => ({ body: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), headers: { 'content-type': 'image/png' } }),
  });
  const root = await mkdtemp(join(tmpdir(), 'media-image-'));
  filesDir = join(root, 'files');
  outside = root;
  await mkdir(join(filesDir, 'pictures'), { recursive: true });
  await writeFile(join(filesDir, 'pictures', 'photo.jpg'), jpeg);
  await writeFile(join(root, 'secret.png'), png);
});

afterAll(async () => {
  await peer.close();
  await rm(outside, { recursive: true, force: true });
});

beforeEach(() => peer.requests.splice(0));

describe('the image input node', () => {
  it('reads base64 on source and sends the image with its type, size and dimensions read by image-size', async () => {
    const run = await runMedia(createImageInputActor(), { source: 'base64' }, [{ base64: png.toString('base64') }]);
    expect(run.received['n.imageData']).toEqual([{ contentType: 'image/png', base64: png.toString('base64') }]);
    expect(run.received['n.metadata']).toEqual([{ source: 'base64', contentType: 'image/png', format: 'png', width: 4, height: 3, size: png.length }]);
  });

  it('reads a base64 data URL from imageFile and tells a JPEG by its bytes', async () => {
    const run = await runMedia(createImageInputActor(), { source: 'base64', imageFile: `data:image/png;base64,${jpeg.toString('base64')}` });
    expect(run.received['n.metadata']).toEqual([
      { source: 'base64', contentType: 'image/jpeg', format: 'jpg', width: 3, height: 2, size: jpeg.length, declaredType: 'image/png' },
    ]);
  });

  it('fetches its url through the egress policy, asking for the accepted formats, and reads the GIF it gets', async () => {
    const run = await runMedia(createImageInputActor({ egress: new EgressPolicy() }), { url: `${peer.url}/pixel.gif` });
    expect(run.received['n.metadata']).toEqual([
      { source: 'url', url: `${peer.url}/pixel.gif`, contentType: 'image/gif', format: 'gif', width: 1, height: 1, size: gifImage().length },
    ]);
    expect(peer.requests).toHaveLength(1);
    expect(peer.requests[0]).toMatchObject({ method: 'GET', path: '/pixel.gif' });
    expect(peer.requests[0].headers.accept).toBe('image/jpeg, image/png, image/gif, image/webp, */*;q=0.1');
  });

  it('takes a URL on source over its settings and keeps the query out of the metadata', async () => {
    const run = await runMedia(createImageInputActor(), { source: 'upload' }, [`${peer.url}/photo?token=abc`]);
    expect(run.received['n.metadata']).toEqual([
      expect.objectContaining({ source: 'url', url: `${peer.url}/photo`, contentType: 'image/jpeg', declaredType: 'application/octet-stream' }),
    ]);
    expect(peer.requests[0].query.get('token')).toBe('abc');
  });

  it('fails naming the status and the body when the server answers 500 after its retries', async () => {
    const run = await runMedia(createImageInputActor(fast), { url: `${peer.url}/broken` });
    expect(run.result.success).toBe(false);
    expect(failure(run)).toBe(`GET ${peer.url}/broken answered HTTP 500 Internal Server Error: disk on fire`);
    expect(peer.requests).toHaveLength(3);
    expect(run.events).toContainEqual(expect.objectContaining({ _type: 'ActorFailed', actorId: 'n', error: failure(run) }));
  });

  it('fails at once on a 404, which another attempt would not change', async () => {
    const run = await runMedia(createImageInputActor(fast), { url: `${peer.url}/gone` });
    expect(failure(run)).toMatch(/answered HTTP 404 Not Found: no such image$/);
    expect(peer.requests).toHaveLength(1);
  });

  it('fails naming the egress policy when the policy refuses the loopback range, and sends nothing', async () => {
    const run = await runMedia(createImageInputActor({ ...fast, egress: new EgressPolicy({ deny: ['127.0.0.0/8'] }) }), { url: `${peer.url}/pixel.gif` });
    expect(failure(run)).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/pixel\.gif failed after 1 attempt: egress policy refuses 127\.0\.0\.1 \(egress_deny covers 127\.0\.0\.1\)$/,
    );
    expect(peer.requests).toHaveLength(0);
  });

  it('stops reading a response larger than maxFileSize', async () => {
    const run = await runMedia(createImageInputActor(fast), { url: `${peer.url}/large.png`, maxFileSize: 1 });
    expect(failure(run)).toBe(
      `The medium at ${peer.url}/large.png is larger than the limit of 1048576 bytes (maxFileSize, capped by the server's max_media_bytes)`,
    );
  });

  it("holds every node to the server's max_media_bytes, whatever its maxFileSize asks", async () => {
    const run = await runMedia(createImageInputActor({ maxMediaBytes: 40 }), { source: 'base64', imageFile: png.toString('base64'), maxFileSize: 10 });
    expect(failure(run)).toBe(
      "The base64 content of config 'imageFile' is larger than the limit of 40 bytes (maxFileSize, capped by the server's max_media_bytes)",
    );
  });

  it('reads a file under files_dir', async () => {
    const run = await runMedia(createImageInputActor({ filesDir }), { source: 'upload', imageFile: 'pictures/photo.jpg' });
    expect(run.received['n.metadata']).toEqual([
      { source: 'file', name: 'photo.jpg', contentType: 'image/jpeg', format: 'jpg', width: 3, height: 2, size: jpeg.length },
    ]);
    expect(run.received['n.imageData']).toEqual([{ contentType: 'image/jpeg', base64: jpeg.toString('base64') }]);
  });

  it('refuses a path that escapes files_dir, and any path when the server has no files_dir', async () => {
    const escaping = await runMedia(createImageInputActor({ filesDir }), { source: 'upload' }, [{ path: '../secret.png' }]);
    expect(failure(escaping)).toBe("Image file '../secret.png' is outside the allowed directory (files_dir)");
    const off = await runMedia(createImageInputActor(), { source: 'upload', imageFile: 'pictures/photo.jpg' });
    expect(failure(off)).toMatch(/^Reading Image files by path is not enabled on this server \(set files_dir\)/);
  });

  it('refuses an image acceptedFormats does not list, and bytes that are no image', async () => {
    const gif = await runMedia(createImageInputActor(), { source: 'base64', acceptedFormats: 'image/png, image/jpg' }, [gifImage().toString('base64')]);
    expect(failure(gif)).toBe('the content is image/gif, which acceptedFormats (image/png, image/jpg) does not list');
    const jpg = await runMedia(createImageInputActor(), { source: 'base64', acceptedFormats: 'image/jpg' }, [jpeg.toString('base64')]);
    expect(jpg.result.success).toBe(true);
    const text = await runMedia(createImageInputActor(), { source: 'base64' }, [Buffer.from('just some words').toString('base64')]);
    expect(failure(text)).toMatch(/^the content is not an image of a known format/);
  });

  it('fails naming the setting when its source has nothing to read', async () => {
    const run = await runMedia(createImageInputActor(), { source: 'upload' });
    expect(failure(run)).toBe("config 'imageFile' is required when source is upload and no packet arrives on source");
  });

  it.each([
    [{ url: 'ftp://files.invalid/a.png' }, 'url'],
    [{ acceptedFormats: 'image/png, png' }, 'acceptedFormats'],
    [{ maxFileSize: 0 }, 'maxFileSize'],
    [{ source: 'camera' }, 'source'],
    [{ source: 'base64', imageFile: 'not base64!' }, 'imageFile'],
    [{ imageFile: 'data:image/png,%89PNG' }, 'imageFile'],
    [{ displayMode: 'stretch' }, 'displayMode'],
  ])('refuses bad settings %j before the run, naming %s', async (config, key) => {
    await expect(runMedia(createImageInputActor(), config)).rejects.toThrow(new RegExp(`config '${key}'`));
  });
});
