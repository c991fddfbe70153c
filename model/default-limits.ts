/**
 * The limits and defaults that both the server configuration and the code it configures (the actors, the engine,
 * the execution service) state: the configuration takes them as its defaults, the code as its values when it is
 * built without one, and the docs quote them. Each is named after its configuration key.
 */

/** Bytes a mebibyte holds, for the limits the configuration gives in MB. */
export const BYTES_PER_MIB = 1024 * 1024;

/** The most memory a JavaScript or Python node may use, and the address space of a Nushell node, in MB (`max_script_memory_mb`). */
export const DEFAULT_MAX_SCRIPT_MEMORY_MB = 256;

/** The longest one attempt of an HTTP request node (or another outbound call with a timeout of its own) may last, in ms (`max_http_timeout_ms`): 5 minutes. */
export const DEFAULT_MAX_REQUEST_TIMEOUT_MS = 300_000;

/** The largest image, audio or video a media node reads, in bytes (`max_media_bytes`): 32 MiB. */
export const DEFAULT_MAX_MEDIA_BYTES = 32 * BYTES_PER_MIB;

/** Megabytes of values the State Store nodes keep in this process's memory (`max_state_store_mb`). */
export const DEFAULT_MAX_STATE_STORE_MB = 64;

/** The Nushell binary NuShell Script nodes run, looked up on the service's `PATH` (`nushell_binary`). */
export const DEFAULT_NUSHELL_BINARY = 'nu';

/** Event payloads longer than this are truncated, in bytes (`max_event_payload_bytes`). */
export const DEFAULT_MAX_EVENT_PAYLOAD_BYTES = 65536;

/** Executions running at once; later ones wait queued (`max_concurrent_executions`). */
export const DEFAULT_MAX_CONCURRENT_EXECUTIONS = 16;

/** Events a run logs before its further events are left out (`max_events_per_execution`). */
export const DEFAULT_MAX_EVENTS_PER_EXECUTION = 100_000;

/** Megabytes of events (as JSON) a run logs before its further events are left out (`max_event_log_mb`). */
export const DEFAULT_MAX_EVENT_LOG_MB = 64;

/** An output of a run larger than this, as JSON, is stored as a marker, in bytes (`max_result_bytes`): 10 MiB. */
export const DEFAULT_MAX_RESULT_BYTES = 10 * BYTES_PER_MIB;

/**
 * The runtime type the FBP protocol runtime reports (`fbp_runtime_type`): noflo-ui opens a project only on a
 * runtime whose type is the project's, and its NoFlo projects are of this type.
 */
export const DEFAULT_FBP_RUNTIME_TYPE = 'noflo-nodejs';
