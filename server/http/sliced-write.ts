import { type ServerResponse } from 'node:http';

/**
 * The characters of an answer converted and written at a time. An execution with a result of several
 * megabytes is answered slice by slice, waiting for the socket to drain, so that converting it to bytes does
 * not hold the event loop for the whole text at once (80-240 ms per 8 MiB on a busy machine).
 */
export const ANSWER_SLICE_CHARS = 64 * 1024;

/** Writes a long answer slice by slice, each once the socket has taken the previous ones; ends it. */
export async function writeInSlices(res: ServerResponse, pieces: readonly string[]): Promise<void> {
  for (const text of pieces) {
    for (let at = 0; at < text.length && !res.destroyed; at += ANSWER_SLICE_CHARS) {
      if (res.write(text.slice(at, at + ANSWER_SLICE_CHARS))) continue;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  res.end();
}
