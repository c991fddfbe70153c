import { z } from 'zod';
import { type JsonObject, JsonObjectSchema } from '../../model';
import { GraphCommandError } from './graph-command-error';
import { type ProtocolPort } from './protocol-graph';

/** A message of the FBP Network Protocol, either way: `{protocol, command, payload}`. */
export interface FbpMessage {
  protocol: string;
  command: string;
  payload: JsonObject | number;
}

/** A message a client sends; the secret may sit beside the payload or, as older clients put it, inside. */
export const ClientMessageSchema = z.object({
  protocol: z.string().min(1).max(64),
  command: z.string().min(1).max(64),
  payload: JsonObjectSchema.optional(),
  secret: z.string().optional(),
});

/** A client message as parsed. */
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

const PortSchema = z.object({ node: z.string().min(1), port: z.string().min(1), index: z.union([z.number(), z.string()]).nullish() });

/**
 * Reads the fields of a command's payload, refusing a missing or mistyped one with a {@link GraphCommandError}
 * that names it.
 */
export class PayloadReader {
  constructor(
    private readonly payload: JsonObject,
    private readonly command: string,
  ) {}

  text(key: string): string {
    const value = this.payload[key];
    if (typeof value !== 'string' || value === '') throw new GraphCommandError(`${this.command} needs '${key}' as a non-empty string`);
    return value;
  }

  /** A text field that may be left out; an empty string counts as left out, as clients send `''` for unset. */
  optionalText(key: string): string | undefined {
    const value = this.payload[key];
    return value === undefined || value === null || value === '' ? undefined : this.text(key);
  }

  /** A list of non-empty strings. */
  texts(key: string): string[] {
    const value = this.payload[key];
    if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string' && item !== ''))
      throw new GraphCommandError(`${this.command} needs '${key}' as a list of non-empty strings`);
    return value;
  }

  object(key: string): JsonObject {
    const value = this.payload[key];
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' || Array.isArray(value)) throw new GraphCommandError(`${this.command} needs '${key}' as an object`);
    return value;
  }

  port(key: string): ProtocolPort {
    const parsed = PortSchema.safeParse(this.payload[key]);
    if (!parsed.success) throw new GraphCommandError(`${this.command} needs '${key}' as {node, port}`);
    const { node, port, index } = parsed.data;
    return index === undefined || index === null ? { node, port } : { node, port, index };
  }

  value(key: string): unknown {
    return this.payload[key];
  }
}
