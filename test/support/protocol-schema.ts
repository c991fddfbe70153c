import { createRequire } from 'node:module';
import { type ProtocolMessage } from './protocol-client';

interface Tv4 {
  validateMultiple(data: unknown, schema: string): { valid: boolean; errors: { message: string; dataPath: string }[]; missing: string[] };
}

// fbp-protocol's own validator (tv4 with the protocol's schemas loaded), as its fbp-test uses it.
const tv4 = createRequire(__filename)('fbp-protocol/schema') as Tv4;

/** Replies fbp-protocol defines no schema for, sent on purpose (see docs/decisions.md). */
const UNSPECIFIED = new Set(['network:debug']);

/**
 * What is wrong, by fbp-protocol's schemas, with messages a runtime sent: FBP clients such as fbp-client
 * (under fbp-spec and noflo-ui) validate every message and drop, or fail on, one that does not fit.
 */
export function protocolSchemaProblems(messages: readonly ProtocolMessage[]): string[] {
  return messages.flatMap((message) => {
    const name = `${message.protocol}:${message.command}`;
    if (UNSPECIFIED.has(name)) return [];
    const result = tv4.validateMultiple(message, `/${message.protocol}/output/${message.command}`);
    if (result.missing.length > 0) return [`${name}: no schema`];
    return result.errors.map((error) => `${name} ${error.dataPath}: ${error.message}`);
  });
}
