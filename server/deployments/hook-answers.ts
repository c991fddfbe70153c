import { type HookAnswer, type HookAnswerSink } from '../actors';

/**
 * How the request that started an execution was settled: an answer, a refusal as invalid, the run's end without
 * an answer, nothing in time, or the caller gone (its connection closed) before any of these.
 */
export type HookOutcome =
  | { readonly kind: 'answer'; readonly answer: HookAnswer }
  | { readonly kind: 'refused'; readonly message: string; readonly details: readonly { path: string; message: string }[] }
  | { readonly kind: 'ended' }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'abandoned' };

/**
 * The requests waiting for their executions' answers, keyed by execution id. The first settlement wins; a wait
 * is registered before its execution starts, so that an answer given in the run's first turn is not missed.
 */
export class HookAnswers implements HookAnswerSink {
  private readonly waiting = new Map<string, (outcome: HookOutcome) => void>();

  /** Waits for the answer of an execution about to start, at most `timeoutMs`. */
  expect(executionId: string, timeoutMs: number): Promise<HookOutcome> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(executionId, { kind: 'timeout' }), timeoutMs);
      this.waiting.set(executionId, (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
    });
  }

  answer(executionId: string, answer: HookAnswer): boolean {
    return this.settle(executionId, { kind: 'answer', answer });
  }

  refuse(executionId: string, message: string, details: readonly { path: string; message: string }[]): boolean {
    return this.settle(executionId, { kind: 'refused', message, details });
  }

  /** Settles a wait with `outcome`; false when nothing waits for that execution any more. */
  settle(executionId: string, outcome: HookOutcome): boolean {
    const resolve = this.waiting.get(executionId);
    if (resolve === undefined) return false;
    this.waiting.delete(executionId);
    resolve(outcome);
    return true;
  }
}
