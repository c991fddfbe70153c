import { FrameReader } from './frame-reader';

describe('FrameReader', () => {
  it('reads frames cut anywhere, header included, and several in one chunk', () => {
    const reader = new FrameReader(100);
    expect(reader.push(Buffer.from('1'))).toEqual({ ok: true, frames: [] });
    expect(reader.push(Buffer.from('1\nhello'))).toEqual({ ok: true, frames: [] });
    expect(reader.push(Buffer.from(' world2\nok0\n'))).toEqual({ ok: true, frames: [Buffer.from('hello world'), Buffer.from('ok'), Buffer.alloc(0)] });
  });

  it('stops at a frame longer than its limit, or a header that is no length', () => {
    expect(new FrameReader(10).push(Buffer.from('11\n'))).toEqual({ ok: false, reason: 'too-large' });
    const reader = new FrameReader(10);
    expect(reader.push(Buffer.from('x1\n'))).toEqual({ ok: false, reason: 'malformed' });
    expect(reader.push(Buffer.from('1\na'))).toEqual({ ok: false, reason: 'malformed' });
  });
});
