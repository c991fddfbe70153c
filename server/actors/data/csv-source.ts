import { readFile, realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { z } from 'zod';
import { type JsonValue } from '../../engine';

/** The encodings the IDE offers. */
export const CsvEncodingSchema = z.enum(['utf-8', 'latin1', 'ascii']);

/** The largest file or decoded content the CSV reader accepts, in bytes. */
export const MAX_CSV_BYTES = 50 * 1024 * 1024;

const SourceSchema = z.union([
  z.string().transform((text) => ({ kind: 'text' as const, text })),
  z.object({ text: z.string() }).transform(({ text }) => ({ kind: 'text' as const, text })),
  z.object({ base64: z.string() }).transform(({ base64 }) => ({ kind: 'bytes' as const, base64 })),
  z.object({ path: z.string().min(1) }).transform(({ path }) => ({ kind: 'path' as const, path })),
]);

/**
 * Reads the CSV text a `file-in` packet stands for: CSV text (a string or `{text}`), bytes (`{base64}`) decoded with
 * `encoding`, or a file (`{path}`) decoded with `encoding`. A path is read only when the host gave a base directory,
 * and only inside it (symbolic links resolved before the check).
 * @throws Error naming the problem: another shape, a path refused or missing, a file too large.
 */
export async function readCsvSource(packet: JsonValue | undefined, encoding: z.infer<typeof CsvEncodingSchema>, baseDirectory: string | undefined, signal?: AbortSignal): Promise<string> {
  const parsed = SourceSchema.safeParse(packet);
  if (!parsed.success) throw new Error('file-in must be CSV text, {text}, {base64} or {path}');
  const source = parsed.data;
  if (source.kind === 'text') return source.text;
  if (source.kind === 'bytes') return decode(checkedSize(Buffer.from(source.base64, 'base64')), encoding);
  if (baseDirectory === undefined) throw new Error('Reading CSV files by path is not enabled on this server; send the CSV text instead');
  const base = await realpath(baseDirectory);
  let target: string;
  try {
    target = await realpath(resolve(base, source.path));
  } catch {
    throw new Error(`CSV file '${source.path}' was not found`);
  }
  if (target !== base && !target.startsWith(base + sep)) throw new Error(`CSV file '${source.path}' is outside the allowed directory`);
  const info = await stat(target);
  if (!info.isFile()) throw new Error(`CSV file '${source.path}' is not a file`);
  if (info.size > MAX_CSV_BYTES) throw new Error(`CSV file '${source.path}' is larger than ${MAX_CSV_BYTES} bytes`);
  return decode(await readFile(target, { signal }), encoding);
}

function checkedSize(bytes: Buffer): Buffer {
  if (bytes.length > MAX_CSV_BYTES) throw new Error(`CSV content is larger than ${MAX_CSV_BYTES} bytes`);
  return bytes;
}

function decode(bytes: Buffer, encoding: z.infer<typeof CsvEncodingSchema>): string {
  return bytes.toString(encoding === 'utf-8' ? 'utf8' : encoding);
}
