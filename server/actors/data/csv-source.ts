import { z } from 'zod';
import { type JsonValue } from '../../engine';
import { readConfinedFile } from '../shared';

/** The encodings the IDE offers. */
export const CsvEncodingSchema = z.enum(['utf-8', 'latin1', 'ascii']);

/** The largest file or decoded content the CSV reader accepts, in bytes. */
const MAX_CSV_BYTES = 50 * 1024 * 1024;

const SourceSchema = z.union([
  z.string().transform((text) => ({ kind: 'text' as const, text })),
  z.object({ text: z.string() }).transform(({ text }) => ({ kind: 'text' as const, text })),
  z.object({ base64: z.string() }).transform(({ base64 }) => ({ kind: 'bytes' as const, base64 })),
  z.object({ path: z.string().min(1) }).transform(({ path }) => ({ kind: 'path' as const, path })),
]);

/**
 * Reads the CSV text a `file-in` packet stands for: CSV text (a string or `{text}`), bytes (`{base64}`) decoded with
 * `encoding`, or a file (`{path}`) decoded with `encoding`, read only inside the base directory (see `readConfinedFile`).
 * @throws Error naming the problem: another shape, a path refused or missing, a file too large.
 */
export async function readCsvSource(packet: JsonValue | undefined, encoding: z.infer<typeof CsvEncodingSchema>, baseDirectory: string | undefined, signal?: AbortSignal): Promise<string> {
  const parsed = SourceSchema.safeParse(packet);
  if (!parsed.success) throw new Error('file-in must be CSV text, {text}, {base64} or {path}');
  const source = parsed.data;
  if (source.kind === 'text') return source.text;
  if (source.kind === 'bytes') return decode(checkedSize(Buffer.from(source.base64, 'base64')), encoding);
  return decode(await readConfinedFile(source.path, baseDirectory, MAX_CSV_BYTES, 'CSV', signal), encoding);
}

function checkedSize(bytes: Buffer): Buffer {
  if (bytes.length > MAX_CSV_BYTES) throw new Error(`CSV content is larger than ${MAX_CSV_BYTES} bytes`);
  return bytes;
}

function decode(bytes: Buffer, encoding: z.infer<typeof CsvEncodingSchema>): string {
  return bytes.toString(encoding === 'utf-8' ? 'utf8' : encoding);
}
