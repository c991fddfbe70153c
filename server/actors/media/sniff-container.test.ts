import { describeMedia } from './describe-media';
import { sniffContainer } from './sniff-container';

const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffContainer', () => {
  it.each([
    ['an ID3 tag', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'mp3'],
    ['an MPEG-1 layer III frame', bytes([0xff, 0xfb, 0x90, 0x64]), 'mp3'],
    ['an ADTS AAC frame', bytes([0xff, 0xf1, 0x50, 0x80]), 'aac'],
    ['a FLAC stream', bytes('fLaC', [0, 0, 0, 34]), 'flac'],
    ['an AIFF form', bytes('FORM', [0, 0, 0, 4], 'AIFF'), 'aiff'],
    ['an AVI file', bytes('RIFF', [0, 0, 0, 4], 'AVI LIST'), 'avi'],
    ['a QuickTime movie', bytes([0, 0, 0, 20], 'ftypqt  ', [0, 0, 0, 0]), 'quicktime'],
    ['a 3GP file', bytes([0, 0, 0, 20], 'ftyp3gp4', [0, 0, 0, 0]), '3gpp'],
    ['a Matroska file', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x88, 0x42, 0x82, 0x88], 'matroska'), 'matroska'],
  ])('tells %s', (_name, content, container) => {
    expect(sniffContainer(content)?.container).toBe(container);
  });

  it('tells Ogg video (Theora) from Ogg audio (Vorbis)', () => {
    expect(sniffContainer(bytes('OggS', Array<number>(24).fill(0), [0x80], 'theora'))).toEqual({ container: 'ogg', video: true });
    expect(sniffContainer(bytes('OggS', Array<number>(24).fill(0), [0x01], 'vorbis'))).toEqual({ container: 'ogg', video: false });
  });

  it('knows no container in HEIF images, text or too few bytes', () => {
    expect(sniffContainer(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0]))).toBeUndefined();
    expect(sniffContainer(bytes('hello world'))).toBeUndefined();
    expect(sniffContainer(bytes([0xff]))).toBeUndefined();
  });

  it('gives each family its content type, and refuses a container of the other family', () => {
    const ogg = bytes('OggS', Array<number>(24).fill(0), [0x01], 'vorbis');
    expect(describeMedia('audio', ogg)).toEqual({ contentType: 'audio/ogg', format: 'ogg', hasVideo: false });
    expect(describeMedia('video', ogg).contentType).toBe('video/ogg');
    expect(() => describeMedia('audio', bytes('RIFF', [0, 0, 0, 4], 'AVI LIST'))).toThrow('the content is AVI video, not audio');
  });
});
