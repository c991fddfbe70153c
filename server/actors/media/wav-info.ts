import { type JsonObject } from '../../engine';

/** What a WAV file's header tells: its format chunk and, when the data chunk is found, its length in time. */
export interface WavInfo extends JsonObject {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** 1 is PCM, 3 IEEE float, 0xFFFE the extensible format. */
  audioFormat: number;
  durationSeconds: number | null;
}

/**
 * Reads the `fmt ` and `data` chunks of RIFF/WAVE bytes, or undefined when there is no format chunk. The chunks
 * are walked by their sizes, so a file with other chunks between them (LIST, fact) is read too.
 */
export function readWavInfo(bytes: Uint8Array): WavInfo | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { audioFormat: number; channels: number; sampleRate: number; bitsPerSample: number } | undefined;
  let byteRate = 0;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = Buffer.from(bytes.buffer, bytes.byteOffset + offset, 4).toString('latin1');
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= bytes.length) {
      format = {
        audioFormat: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
      byteRate = view.getUint32(body + 8, true);
    } else if (id === 'data' && format !== undefined) {
      // A streamed WAV may announce 0 or 0xFFFFFFFF: the bytes that are there are what plays.
      const length = Math.min(size, bytes.length - body);
      return { ...format, durationSeconds: byteRate > 0 ? Math.round((length / byteRate) * 1000) / 1000 : null };
    }
    // Chunks are padded to an even length.
    offset = body + size + (size % 2);
  }
  return format === undefined ? undefined : { ...format, durationSeconds: null };
}
