import { type JsonValue } from '../../../model';

/** What a masked secret becomes. */
const MASK = '***';

/** Secrets shorter than this are not masked: masking every `a` of a run's output would destroy it. */
const MIN_MASKED_LENGTH = 4;

/**
 * The secret values one run has resolved, and the masking of them in whatever the run stores or emits.
 * Every occurrence of a value (as written, and URL-encoded as a URL or a form carries it) becomes
 * `***`, as CI systems mask secrets in job logs, whichever actor repeats it.
 */
export class SecretMask {
  private readonly values = new Set<string>();
  private ordered: string[] = [];

  /** Records a resolved secret value. */
  add(secret: string): void {
    if (secret.length < MIN_MASKED_LENGTH || this.values.has(secret)) return;
    // As written, and as a URL or a form carries it (the HTTP actors echo the URLs they called).
    for (const form of [secret, encodeURIComponent(secret), encodeURI(secret), new URLSearchParams({ s: secret }).toString().slice(2)]) this.values.add(form);
    // The longest first, so that a secret that contains another is masked whole.
    this.ordered = [...this.values].sort((a, b) => b.length - a.length);
  }

  /** Whether any secret has been recorded: nothing needs masking until one is. */
  get isEmpty(): boolean {
    return this.values.size === 0;
  }

  /** A copy of a JSON value with every secret in its strings (keys included) masked. */
  apply<T extends JsonValue>(value: T): T {
    if (this.isEmpty) return value;
    return this.maskValue(value) as T;
  }

  /** A text with every secret masked. */
  text(text: string): string {
    let masked = text;
    for (const secret of this.ordered) if (masked.includes(secret)) masked = masked.split(secret).join(MASK);
    return masked;
  }

  private maskValue(value: JsonValue): JsonValue {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.maskValue(item));
    if (value !== null && typeof value === 'object') {
      const copy: { [key: string]: JsonValue } = {};
      for (const [key, item] of Object.entries(value)) {
        Object.defineProperty(copy, this.text(key), { value: this.maskValue(item), enumerable: true, writable: true, configurable: true });
      }
      return copy;
    }
    return value;
  }
}
