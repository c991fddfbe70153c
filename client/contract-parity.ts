import type { ClientMessageInput, Execution as ContractExecution, ExecutionEvent as ContractEvent, ServerMessage as ContractServerMessage } from '../contract';
import type { AccessScope as ModelAccessScope, TERMINAL_EVENT_TYPES as ModelTerminalEventTypes, TERMINAL_STATUSES as ModelTerminalStatuses } from '../model';
import type { AccessScope } from './client-errors';
import type { TERMINAL_EVENT_TYPES, TERMINAL_STATUSES } from './generated/execution-states';
import type { Execution, ExecutionEvent } from './http-client';
import type { ClientMessage, ServerMessage } from './ws-messages';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The keys of every member of a union. */
type AllKeys<T> = T extends unknown ? keyof T : never;
/**
 * The SDK's type describes every value of the contract's (the generated types say `unknown` where the
 * contract says JSON) with the same fields; `Tag` is the discriminant both unions must list alike.
 */
type Covers<Sdk, Contract, Tag extends keyof Sdk & keyof Contract = never> = [Contract] extends [Sdk]
  ? [Same<AllKeys<Sdk>, AllKeys<Contract>>, Same<Sdk[Tag], Contract[Tag]>] extends [true, true]
    ? true
    : false
  : false;

/**
 * The SDK ships the types generated from the OpenAPI document, so that its declarations need neither zod nor
 * the contract. This type fails to compile when they drift apart from the contract's types; the project's
 * type check checks it, and it is not part of the package.
 */
export type ContractParity = [
  Covers<ServerMessage, ContractServerMessage, 'type'>,
  Covers<ClientMessage, ClientMessageInput, 'type'>,
  Covers<ExecutionEvent, ContractEvent, '_type'>,
  Covers<Execution, ContractExecution>,
  Same<AccessScope, ModelAccessScope>,
] extends [true, true, true, true, true]
  ? true
  : never;

/** Compiles only while every pair above agrees. */
export const CONTRACT_PARITY: ContractParity = true;

/**
 * The terminal states the client was built with are the model's: this fails to compile when the model's change
 * and `client/generated/execution-states.ts` was not written again (`npm run build:client` writes it).
 */
export type TerminalStateParity = [
  Same<typeof TERMINAL_STATUSES, typeof ModelTerminalStatuses>,
  Same<typeof TERMINAL_EVENT_TYPES, typeof ModelTerminalEventTypes>,
] extends [true, true]
  ? true
  : never;

/** Compiles only while the client's terminal states are the model's. */
export const TERMINAL_STATE_PARITY: TerminalStateParity = true;
