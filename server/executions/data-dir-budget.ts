import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Logger, silentLogger } from '../logger';

/** What a {@link DataDirBudget} measures and against what. */
export interface DataDirBudgetOptions {
  /** The data directory: its files (the databases and their write-ahead logs) are measured, not its subdirectories (see countedBytes). */
  dir: string;
  /** The most bytes it may hold. */
  maxBytes: number;
  /** Bytes inside those files that their owner reuses before it grows them (SQLite's free pages). @default none */
  reusableBytes?: () => number;
  /** Bytes held in subdirectories whose owner keeps count of them (the result files), added to the measure. @default none */
  countedBytes?: () => number;
}

/** How the budget is kept: how often the directory is measured, and how the oldest finished executions are deleted. */
export interface KeepWithinOptions {
  /** Deletes the `count` finished executions that ended first; resolves to how many went. Unset, nothing is deleted. */
  pruneOldest?: (count: number) => Promise<number>;
  /** @default 1000 */
  everyMs?: number;
  logger?: Logger;
}

/** The most finished executions deleted between two measurements. */
const LARGEST_BATCH = 1000;

const MB = 1024 * 1024;

/**
 * The disk budget of the data directory. The directory is measured in the background (a listing and a `stat`
 * of each file, about once a second), never per request: a start only compares the last measurement with the
 * budget, and over it is refused, while runs already accepted go on. Deleting the oldest finished executions
 * brings the directory back within the budget by itself.
 */
export class DataDirBudget {
  private used = 0;

  constructor(private readonly options: DataDirBudgetOptions) {}

  /** The bytes the directory held at the last measurement. */
  get usedBytes(): number {
    return this.used;
  }

  /** Why new executions are refused (the directory is over its budget), or undefined when they are not. */
  fullMessage(): string | undefined {
    if (this.used <= this.options.maxBytes) return undefined;
    return `The data directory holds ${(this.used / MB).toFixed(1)} MB, over its budget of ${(this.options.maxBytes / MB).toFixed(1)} MB (max_data_dir_mb): no new executions until finished ones are deleted`;
  }

  /** Measures the directory now; resolves to the bytes it holds. */
  async measure(): Promise<number> {
    const { dir, reusableBytes, countedBytes } = this.options;
    let total = 0;
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      // A file may go between the listing and its stat (SQLite removes its -wal and -shm on close).
      const info = await stat(join(dir, name)).catch(() => undefined);
      if (info?.isFile()) total += info.size;
    }
    this.used = Math.max(0, total - (reusableBytes?.() ?? 0)) + (countedBytes?.() ?? 0);
    return this.used;
  }

  /**
   * Measures the directory, then, while it is over the budget, deletes the oldest finished executions (1, 2,
   * 4... at a time, measuring after each batch) until it fits or none is left; resolves to how many went.
   */
  async enforce(pruneOldest?: (count: number) => Promise<number>): Promise<number> {
    await this.measure();
    let deleted = 0;
    for (let batch = 1; pruneOldest !== undefined && this.fullMessage() !== undefined; batch = Math.min(batch * 2, LARGEST_BATCH)) {
      const gone = await pruneOldest(batch);
      if (gone === 0) break;
      deleted += gone;
      await this.measure();
    }
    return deleted;
  }

  /** Keeps the budget in the background (see {@link enforce}) until the returned function is called. */
  keepWithin({ pruneOldest, everyMs = 1000, logger = silentLogger }: KeepWithinOptions = {}): () => void {
    let busy = false;
    let warned = false;
    const round = async (): Promise<void> => {
      if (busy) return;
      busy = true;
      try {
        const deleted = await this.enforce(pruneOldest);
        if (deleted > 0) logger.info({ deleted, usedBytes: this.used }, 'Deleted the oldest finished executions: the data directory was over max_data_dir_mb');
        const full = this.fullMessage();
        if (full !== undefined && !warned) logger.warn({ usedBytes: this.used }, full);
        warned = full !== undefined;
      } catch (error) {
        logger.error({ err: error }, 'Could not keep the data directory within max_data_dir_mb');
      } finally {
        busy = false;
      }
    };
    void round();
    const timer = setInterval(() => void round(), everyMs).unref();
    return () => clearInterval(timer);
  }
}
