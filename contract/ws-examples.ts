import { EXAMPLE_EXECUTION_IDS, MULTIPLY_GRAPH, MULTIPLY_INPUT } from './example-workflows';
import { type ClientMessageInput, type ServerMessage } from './ws';

/** A named example of a WebSocket message. */
export interface MessageExample<T> {
  name: string;
  summary: string;
  payload: T;
}

type ExamplesByType<M extends { type: string }> = { [K in M['type']]: readonly MessageExample<Extract<M, { type: K }>>[] };

const id = 'demo-ws';
const at = 1732262400000;

/** Examples of every message a client sends over `/ws`: sent in this order on one socket, each succeeds. */
export const CLIENT_MESSAGE_EXAMPLES: ExamplesByType<ClientMessageInput> = {
  start_workflow: [
    {
      name: 'multiply',
      summary: 'Start the multiply graph under a chosen id',
      payload: {
        type: 'start_workflow',
        data: { graph_json: MULTIPLY_GRAPH, input: MULTIPLY_INPUT, metadata: { execution_id: id, source: 'websocket' } },
        request_id: 'r1',
      },
    },
  ],
  subscribe_workflow: [
    {
      name: 'fromStart',
      summary: 'Replay the whole log, then follow it live until its terminal event',
      payload: { type: 'subscribe_workflow', execution_id: id, request_id: 'r2' },
    },
    {
      name: 'running',
      summary: 'Follow an execution that is still running, from seq 1',
      payload: { type: 'subscribe_workflow', execution_id: EXAMPLE_EXECUTION_IDS.slow, from_seq: 1, request_id: 'r3' },
    },
  ],
  unsubscribe_workflow: [
    {
      name: 'stop',
      summary: 'Stop following an execution before its end',
      payload: { type: 'unsubscribe_workflow', execution_id: EXAMPLE_EXECUTION_IDS.slow, request_id: 'r4' },
    },
  ],
  cancel_workflow: [
    {
      name: 'cancel',
      summary: 'Cancel an execution that is still running',
      payload: { type: 'cancel_workflow', execution_id: EXAMPLE_EXECUTION_IDS.slow, request_id: 'r5' },
    },
  ],
};

/** Examples of every message the server sends over `/ws`. */
export const SERVER_MESSAGE_EXAMPLES: ExamplesByType<ServerMessage> = {
  workflow_started: [
    { name: 'started', summary: 'The execution was accepted', payload: { type: 'workflow_started', success: true, execution_id: id, request_id: 'r1' } },
  ],
  subscription_ack: [
    { name: 'subscribed', summary: 'Events follow', payload: { type: 'subscription_ack', success: true, execution_id: id, request_id: 'r2' } },
  ],
  unsubscription_ack: [
    {
      name: 'unsubscribed',
      summary: 'No more events',
      payload: { type: 'unsubscription_ack', success: true, execution_id: EXAMPLE_EXECUTION_IDS.slow, request_id: 'r4' },
    },
  ],
  network_event: [
    {
      name: 'completed',
      summary: 'The terminal event of the multiply run',
      payload: {
        type: 'network_event',
        execution_id: id,
        timestamp: at,
        event: {
          _type: 'Completed',
          seq: 7,
          timestamp: at,
          result: {
            success: true,
            execution_id: id,
            workflow_id: 'multiply',
            start_time: '2026-11-22T10:00:00.000Z',
            end_time: '2026-11-22T10:00:00.004Z',
            duration_ms: 4,
            outputs: { product: 13.5 },
            errors: [],
            nodes_executed: 1,
            nodes_failed: 0,
          },
        },
      },
    },
  ],
  workflow_cancelled: [
    {
      name: 'cancelled',
      summary: 'The execution was cancelled',
      payload: { type: 'workflow_cancelled', success: true, execution_id: EXAMPLE_EXECUTION_IDS.slow, request_id: 'r5' },
    },
    {
      name: 'finished',
      summary: 'Too late: the execution had finished',
      payload: {
        type: 'workflow_cancelled',
        success: false,
        execution_id: id,
        code: 'CONFLICT',
        error: `Execution '${id}' has already finished with status 'completed'`,
      },
    },
  ],
  error: [
    {
      name: 'notJson',
      summary: 'A frame that is not JSON',
      payload: { type: 'error', success: false, code: 'VALIDATION_FAILED', error: 'Frame is not valid JSON' },
    },
    {
      name: 'unknownType',
      summary: 'A frame of no known type',
      payload: {
        type: 'error',
        success: false,
        code: 'VALIDATION_FAILED',
        error: "Unknown message type 'start'",
        details: [
          {
            path: 'type',
            message: "Invalid discriminator value. Expected 'start_workflow' | 'subscribe_workflow' | 'unsubscribe_workflow' | 'cancel_workflow'",
          },
        ],
      },
    },
    {
      name: 'forbidden',
      summary: "A start or cancel from a socket whose token lacks the 'run' scope",
      payload: {
        type: 'error',
        success: false,
        code: 'FORBIDDEN',
        error: "start_workflow needs the 'run' scope; the token of 'dashboard' has 'read'",
        details: [{ path: 'scope', message: 'run' }],
        request_id: 'r-7',
      },
    },
  ],
};
