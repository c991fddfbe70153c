import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAudioInputActor, createVideoInputActor } from '../../server/actors';
import { EgressPolicy } from '../../server/outbound-http';
import { type RecordingPeer, startRecordingPeer } from '../support/peers/recording-peer';
import { waitFor } from '../support/wait-for';
import { mp4Video, pngImage, wavAudio, webmVideo } from './media-samples';
import { failure, runMedia } from './run-media';

const wav = wavAudio(0.25, 8000, 2);
const playlist = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nsegment0.ts\n#EXT-X-ENDLIST\n';
let peer: RecordingPeer;
let filesDir: string;

beforeAll(async () => {
  peer = await startRecordingPeer({
    'GET /tone.wav': () => ({ body: wav, headers: { 'content-type': 'audio/wav' } }),
    'GET /live/index.m3u8': () => ({ body: playlist, headers: { 'content-type': 'application/vnd.apple.mpegurl' } }),
    'GET /slow.mp4': () => ({ body: mp4Video(), delayMs: 5_000 }),
  });
  filesDir = await mkdtemp(join(tmpdir(), 'media-av-'));
  await writeFile(join(filesDir, 'tone.wav'), wav);
  await writeFile(join(filesDir, 'clip.mp4'), mp4Video());
});

afterAll(async () => {
  await peer.close();
  await rm(filesDir, { recursive: true, force: true });
});

beforeEach(() => peer.requests.splice(0));

describe('the audio input node', () => {
  it("reads a WAV file under files_dir with its header's channels, sample rate, bits and duration", async () => {
    const run = await runMedia(createAudioInputActor({ filesDir }), { audioFile: 'tone.wav' });
    expect(run.received['n.metadata']).toEqual([
      {
        source: 'file',
        name: 'tone.wav',
        contentType: 'audio/wav',
        format: 'wav',
        audioFormat: 1,
        channels: 2,
        sampleRate: 8000,
        bitsPerSample: 16,
        durationSeconds: 0.25,
        size: wav.length,
      },
    ]);
    expect(run.received['n.audioData']).toEqual([{ contentType: 'audio/wav', base64: wav.toString('base64') }]);
  });

  it('fetches its url from the peer, asking for the accepted formats', async () => {
    const run = await runMedia(createAudioInputActor(), { source: 'url', url: `${peer.url}/tone.wav` });
    expect(run.received['n.metadata']).toEqual([
      expect.objectContaining({ source: 'url', url: `${peer.url}/tone.wav`, contentType: 'audio/wav', durationSeconds: 0.25 }),
    ]);
    expect(peer.requests[0].headers.accept).toBe('audio/mpeg, audio/wav, audio/ogg, audio/webm, */*;q=0.1');
  });

  it('takes a recording the IDE stored as a data URL (source record), and a WebM recording as audio/webm', async () => {
    const run = await runMedia(createAudioInputActor(), {
      source: 'record',
      audioFile: `data:audio/webm;codecs=opus;base64,${webmVideo().toString('base64')}`,
    });
    expect(run.received['n.metadata']).toEqual([{ source: 'base64', contentType: 'audio/webm', format: 'webm', size: webmVideo().length }]);
  });

  it('refuses an image, and a URL the egress policy refuses', async () => {
    const image = await runMedia(createAudioInputActor(), {}, [{ base64: pngImage(1, 1).toString('base64') }]);
    expect(failure(image)).toMatch(/^the content is not audio of a known format \(WAV, MP3, AAC, FLAC, AIFF, MIDI, Ogg, WebM, Matroska, MP4, 3GP\)$/);
    const refused = await runMedia(createAudioInputActor({ egress: new EgressPolicy({ deny: ['127.0.0.0/8'] }) }), {
      source: 'url',
      url: `${peer.url}/tone.wav`,
    });
    expect(failure(refused)).toMatch(/egress policy refuses 127\.0\.0\.1/);
    expect(peer.requests).toHaveLength(0);
  });
});

describe('the video input node', () => {
  it('reads an MP4 file by its ftyp box and a WebM by its EBML header', async () => {
    const mp4 = await runMedia(createVideoInputActor({ filesDir }), { videoFile: 'clip.mp4' });
    expect(mp4.received['n.metadata']).toEqual([{ source: 'file', name: 'clip.mp4', contentType: 'video/mp4', format: 'mp4', size: mp4Video().length }]);
    const webm = await runMedia(createVideoInputActor(), {}, [{ base64: webmVideo().toString('base64'), contentType: 'video/webm' }]);
    expect(webm.received['n.videoData']).toEqual([{ contentType: 'video/webm', base64: webmVideo().toString('base64') }]);
  });

  it('refuses audio, naming what the content is', async () => {
    const run = await runMedia(createVideoInputActor(), {}, [{ base64: wav.toString('base64') }]);
    expect(failure(run)).toBe('the content is WAV audio, not video');
  });

  it('reads an HLS playlist (source stream) and sends a reference to the stream with its manifest', async () => {
    const run = await runMedia(createVideoInputActor(), { source: 'stream', url: `${peer.url}/live/index.m3u8` });
    expect(run.received['n.videoData']).toEqual([
      { url: `${peer.url}/live/index.m3u8`, streamType: 'hls', contentType: 'application/vnd.apple.mpegurl', manifest: playlist },
    ]);
    expect(run.received['n.metadata']).toEqual([
      { source: 'stream', url: `${peer.url}/live/index.m3u8`, streamType: 'hls', contentType: 'application/vnd.apple.mpegurl', size: playlist.length },
    ]);
  });

  it('fails naming streamType when the stream is not the format it asks for', async () => {
    const run = await runMedia(createVideoInputActor(), { source: 'stream', streamType: 'dash', url: `${peer.url}/live/index.m3u8` });
    expect(failure(run)).toBe(`streamType is dash but the stream at ${peer.url}/live/index.m3u8 is an HLS playlist`);
  });

  it('sends a YouTube or Vimeo page as a reference to the video, fetching nothing', async () => {
    const youtube = await runMedia(createVideoInputActor(), { source: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ?t=42' });
    expect(youtube.received['n.videoData']).toEqual([
      {
        provider: 'youtube',
        videoId: 'dQw4w9WgXcQ',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      },
    ]);
    const vimeo = await runMedia(createVideoInputActor(), { source: 'vimeo' }, ['https://player.vimeo.com/video/76979871']);
    expect(vimeo.received['n.metadata']).toEqual([
      { source: 'vimeo', provider: 'vimeo', videoId: '76979871', url: 'https://vimeo.com/76979871', embedUrl: 'https://player.vimeo.com/video/76979871' },
    ]);
  });

  it('aborts the download when the run is cancelled', async () => {
    const cancel = new AbortController();
    const running = runMedia(createVideoInputActor(), { source: 'url', url: `${peer.url}/slow.mp4` }, [], 'source', cancel.signal);
    await waitFor(() => peer.requests.length === 1, { what: 'the request' });
    cancel.abort();
    const run = await running;
    expect(run.result.success).toBe(false);
    expect(run.events.at(-1)?._type).toBe('Cancelled');
    await waitFor(() => peer.aborted === 1, { what: 'the peer to see the request aborted' });
  });

  it.each([
    [{ source: 'youtube', url: 'https://vimeo.com/76979871' }, 'url'],
    [{ source: 'vimeo', url: 'https://vimeo.com/about' }, 'url'],
    [{ streamType: 'rtmp' }, 'streamType'],
    [{ maxFileSize: -5 }, 'maxFileSize'],
    [{ acceptedFormats: 'mp4' }, 'acceptedFormats'],
  ])('refuses bad settings %j before the run, naming %s', async (config, key) => {
    await expect(runMedia(createVideoInputActor(), config)).rejects.toThrow(new RegExp(`config '${key}'`));
  });
});
