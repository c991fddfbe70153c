import { UNFINISHED_SQL } from '../terminal-status-sql';
import { type PostgresMigration } from './postgres-migrator';

/**
 * The layout of a namespace (executions, their events, deployments and the FBP protocol runtime's graphs), step by
 * step. Ids sort bytewise (`COLLATE "C"`), as in SQLite and in memory, so that listing pages and row locks come in
 * the same order on every node whatever the database's locale.
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    sql: (s) => `
      CREATE TABLE ${s}.executions (
        id TEXT COLLATE "C" PRIMARY KEY,
        status TEXT NOT NULL,
        workflow_id TEXT NOT NULL,
        source TEXT NOT NULL,
        node_id TEXT,
        fingerprint TEXT NOT NULL,
        request TEXT NOT NULL,
        result TEXT,
        created_at BIGINT NOT NULL,
        started_at BIGINT,
        ended_at BIGINT
      );
      CREATE INDEX executions_by_time ON ${s}.executions (created_at DESC, id DESC);
      CREATE INDEX executions_by_status ON ${s}.executions (status, created_at DESC, id DESC);
      CREATE INDEX executions_by_workflow ON ${s}.executions (workflow_id, created_at DESC, id DESC);
      CREATE INDEX executions_unfinished ON ${s}.executions (node_id) WHERE status IN ('queued', 'running');
      CREATE TABLE ${s}.events (
        execution_id TEXT COLLATE "C" NOT NULL,
        seq INTEGER NOT NULL,
        body TEXT NOT NULL,
        CONSTRAINT events_by_seq UNIQUE (execution_id, seq)
      );
    `,
  },
  {
    // Deployments were created by their store before steps were counted: a namespace may have the table already.
    version: 2,
    sql: (s) =>
      `CREATE TABLE IF NOT EXISTS ${s}.deployments (id TEXT COLLATE "C" PRIMARY KEY, request TEXT NOT NULL, created_at BIGINT NOT NULL, triggers JSONB NOT NULL)`,
  },
  {
    // The unfinished executions are found by the model's terminal states, whatever they are: the index covers that condition.
    version: 3,
    sql: (s) => `
      DROP INDEX ${s}.executions_unfinished;
      CREATE INDEX executions_unfinished ON ${s}.executions (node_id) WHERE ${UNFINISHED_SQL};
    `,
  },
  {
    // The FBP protocol runtime's graphs, each as its JSON document. Text, not JSONB, so that a document reads back
    // as it was written: JSONB reorders keys and refuses a string holding \u0000.
    version: 4,
    sql: (s) => `CREATE TABLE ${s}.protocol_graphs (id TEXT COLLATE "C" PRIMARY KEY, document TEXT NOT NULL)`,
  },
  {
    // The firing journal of durable runs: a row per firing, read back in the order first written (`written`, which
    // an upsert keeps). The outcome is its JSON text, as event bodies are: jsonb would parse it on every write,
    // reorder its keys and refuse a string holding \u0000, and the journal is only ever read back whole.
    version: 5,
    sql: (s) => `
      CREATE TABLE ${s}.journal (
        execution_id TEXT COLLATE "C" NOT NULL,
        node_path TEXT NOT NULL,
        firing INTEGER NOT NULL,
        outcome TEXT,
        written BIGINT GENERATED ALWAYS AS IDENTITY,
        CONSTRAINT journal_by_firing PRIMARY KEY (execution_id, node_path, firing)
      );
    `,
  },
  {
    // Deployments changed in place and paused; executions list by the deployment that started them. The runs
    // started before are found by the deployment id their metadata carries, but for a request holding a \u
    // escape (a control character or a lone surrogate, which PostgreSQL refuses to read as JSON text).
    version: 6,
    sql: (s) => `
      ALTER TABLE ${s}.deployments ADD COLUMN revised_at BIGINT, ADD COLUMN paused BOOLEAN NOT NULL DEFAULT false;
      ALTER TABLE ${s}.executions ADD COLUMN deployment_id TEXT COLLATE "C";
      UPDATE ${s}.executions SET deployment_id = request::json -> 'metadata' ->> 'deployment_id' WHERE source IN ('trigger', 'hook') AND strpos(request, '\\u') = 0;
      CREATE INDEX executions_by_deployment ON ${s}.executions (deployment_id, created_at DESC, id DESC) WHERE deployment_id IS NOT NULL;
    `,
  },
  {
    // The audit trail: a row per audited call, listed newest first, shared by every node of the namespace.
    version: 7,
    sql: (s) => `
      CREATE TABLE ${s}.audit (
        id TEXT COLLATE "C" PRIMARY KEY,
        at BIGINT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT,
        address TEXT,
        outcome INTEGER NOT NULL,
        channel TEXT NOT NULL
      );
      CREATE INDEX audit_by_time ON ${s}.audit (at DESC, id DESC);
      CREATE INDEX audit_by_actor ON ${s}.audit (actor, at DESC, id DESC);
    `,
  },
  {
    // Tenants: executions, deployments and audit rows record the tenant of the token that made them (null for a
    // token of no tenant); a tenant lists its executions by time, and counts those still queued or running.
    version: 8,
    sql: (s) => `
      ALTER TABLE ${s}.executions ADD COLUMN tenant TEXT COLLATE "C";
      CREATE INDEX executions_by_tenant ON ${s}.executions (tenant, created_at DESC, id DESC) WHERE tenant IS NOT NULL;
      ALTER TABLE ${s}.deployments ADD COLUMN tenant TEXT COLLATE "C";
      ALTER TABLE ${s}.audit ADD COLUMN tenant TEXT COLLATE "C";
    `,
  },
];
