import { createAudioStreamDisplayActor, createImageInputActor, createImageStreamDisplayActor } from '../../server/actors';
import { type ActorLogEntry, type EngineEvent } from '../../server/engine';
import { type Flow, runFlow } from '../support/kits';
import { gifImage, jpegImage, pngImage, wavAudio } from './media-samples';
import { failure, runMedia } from './run-media';

const png = pngImage(4, 3);
const frameInfo = { frame: expect.any(Number), receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };

describe('the image stream display', () => {
  it('emits each frame it receives from an image input, and subscribers see the frame itself as the packet into stream', async () => {
    const events: EngineEvent[] = [];
    const logs: ActorLogEntry[] = [];
    const flow: Flow = {
      processes: { image: { component: 'tpl_image_input', metadata: { config: { source: 'base64' } } }, screen: { component: 'tpl_image_stream_display' } },
      connections: [
        { src: { process: 'image', port: 'imageData' }, tgt: { process: 'screen', port: 'stream' } },
        { data: png.toString('base64'), tgt: { process: 'image', port: 'source' } },
        { data: jpegImage(3, 2).toString('base64'), tgt: { process: 'image', port: 'source' } },
      ],
      collect: ['screen.metadata'],
    };
    const { received } = await runFlow([createImageInputActor(), createImageStreamDisplayActor()], flow, {
      onEvent: (event) => events.push(event),
      log: (entry) => logs.push(entry),
    });
    expect(received['screen.metadata']).toEqual([
      { ...frameInfo, frame: 1, contentType: 'image/png', format: 'png', width: 4, height: 3, size: png.length },
      { ...frameInfo, frame: 2, contentType: 'image/jpeg', format: 'jpg', width: 3, height: 2, size: jpegImage(3, 2).length },
    ]);
    const frames = events.filter((event) => event._type === 'MessageSent' && event.toActor === 'screen' && event.toPort === 'stream');
    expect(frames.map((event) => (event as { message: unknown }).message)).toEqual([
      { contentType: 'image/png', base64: png.toString('base64') },
      expect.objectContaining({ contentType: 'image/jpeg' }),
    ]);
    expect(logs.filter((entry) => entry.nodeId === 'screen').map((entry) => entry.message)).toEqual([
      `Frame 1: image/png 4x3, ${png.length} bytes`,
      `Frame 2: image/jpeg 3x2, ${jpegImage(3, 2).length} bytes`,
    ]);
    const chunks = events.filter((event) => event._type === 'StreamChunk' && event.actorId === 'screen');
    expect(chunks.map((event) => event._type === 'StreamChunk' && [event.port, event.index, event.data])).toEqual([
      [
        'metadata',
        0,
        { ...frameInfo, frame: 1, contentType: 'image/png', format: 'png', width: 4, height: 3, size: png.length, base64: png.toString('base64') },
      ],
      [
        'metadata',
        1,
        {
          ...frameInfo,
          frame: 2,
          contentType: 'image/jpeg',
          format: 'jpg',
          width: 3,
          height: 2,
          size: jpegImage(3, 2).length,
          base64: jpegImage(3, 2).toString('base64'),
        },
      ],
    ]);
  });

  it('forwards each frame as an event even when nothing is connected to metadata', async () => {
    const events: EngineEvent[] = [];
    const flow: Flow = {
      processes: { screen: { component: 'tpl_image_stream_display' } },
      connections: [{ data: png.toString('base64'), tgt: { process: 'screen', port: 'stream' } }],
    };
    await runFlow([createImageStreamDisplayActor()], flow, { onEvent: (event) => events.push(event) });
    expect(events.filter((event) => event._type === 'StreamChunk').map((event) => event._type === 'StreamChunk' && event.data)).toEqual([
      expect.objectContaining({ frame: 1, width: 4, height: 3, base64: png.toString('base64') }),
    ]);
  });

  it('takes frames as data URLs', async () => {
    const run = await runMedia(createImageStreamDisplayActor(), {}, [`data:image/gif;base64,${gifImage().toString('base64')}`], 'stream');
    expect(run.received['n.metadata']).toEqual([
      { ...frameInfo, frame: 1, contentType: 'image/gif', format: 'gif', width: 1, height: 1, size: gifImage().length },
    ]);
  });

  it('fails naming the frame that is no image', async () => {
    const run = await runMedia(createImageStreamDisplayActor(), {}, [{ base64: wavAudio(0.01, 8000, 1).toString('base64') }], 'stream');
    expect(failure(run)).toMatch(/^Image Stream frame 1: the content is not an image of a known format/);
  });

  it("refuses a frame larger than the server's max_media_bytes", async () => {
    const run = await runMedia(createImageStreamDisplayActor({ maxMediaBytes: 16 }), {}, [png.toString('base64')], 'stream');
    expect(failure(run)).toBe("Image Stream frame 1: The base64 content of the frame is larger than the limit of 16 bytes (the server's max_media_bytes)");
  });

  it('refuses a displayMode the IDE does not offer, before the run', async () => {
    await expect(runMedia(createImageStreamDisplayActor(), { displayMode: 'none' }, [png.toString('base64')], 'stream')).rejects.toThrow(
      /config 'displayMode'/,
    );
  });
});

describe('the audio stream display', () => {
  it("emits each WAV chunk's header facts, and takes raw audio as the type its sender declares", async () => {
    const wav = wavAudio(0.5, 16000, 1);
    const pcm = Buffer.alloc(320);
    const run = await runMedia(
      createAudioStreamDisplayActor(),
      {},
      [
        { base64: wav.toString('base64'), contentType: 'audio/wav' },
        { base64: pcm.toString('base64'), contentType: 'audio/L16; rate=16000' },
      ],
      'stream',
    );
    expect(run.received['n.metadata']).toEqual([
      {
        ...frameInfo,
        frame: 1,
        contentType: 'audio/wav',
        format: 'wav',
        audioFormat: 1,
        channels: 1,
        sampleRate: 16000,
        bitsPerSample: 16,
        durationSeconds: 0.5,
        size: wav.length,
      },
      { ...frameInfo, frame: 2, contentType: 'audio/l16; rate=16000', format: 'declared', size: 320 },
    ]);
    expect(run.logs.map((entry) => entry.message)).toEqual([`Frame 1: audio/wav, ${wav.length} bytes`, 'Frame 2: audio/l16; rate=16000, 320 bytes']);
  });

  it('fails naming the frame and the shapes it takes when a frame is not audio', async () => {
    const noType = await runMedia(createAudioStreamDisplayActor(), {}, [Buffer.alloc(64).toString('base64')], 'stream');
    expect(failure(noType)).toMatch(
      /^Audio Stream frame 1: the content is not audio of a known format .*; send raw audio as \{base64, contentType: 'audio\/\.\.\.'\}$/,
    );
    const notBase64 = await runMedia(createAudioStreamDisplayActor(), {}, ['not base64 at all!'], 'stream');
    expect(failure(notBase64)).toBe('Audio Stream frame 1: the frame is not base64 text');
    const number = await runMedia(createAudioStreamDisplayActor(), {}, [42], 'stream');
    expect(failure(number)).toBe('Audio Stream frame 1: a frame must be {base64, contentType}, a base64 data: URL or base64 text');
  });
});
