import { type SqliteMigration } from './sqlite-migrator';

/*
 * Event bodies are a few hundred bytes each: in a table clustered on (execution_id, seq) (WITHOUT ROWID, as
 * databases of earlier versions have it) every insert moves whole bodies around the B-tree, and writing the
 * events of a short run costs about 40% more than appending rows and indexing their keys. Earlier databases
 * are moved to the rowid layout once.
 */
const MOVE_CLUSTERED_EVENTS = `
  ALTER TABLE events RENAME TO events_clustered;
  CREATE TABLE events (execution_id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL);
  INSERT INTO events (execution_id, seq, body) SELECT execution_id, seq, body FROM events_clustered ORDER BY execution_id, seq;
  DROP TABLE events_clustered;
`;

const EXECUTION_TABLES = `
  CREATE TABLE IF NOT EXISTS executions (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    workflow_id TEXT NOT NULL,
    source TEXT NOT NULL,
    node_id TEXT,
    fingerprint TEXT NOT NULL,
    request TEXT NOT NULL,
    result TEXT,
    created_at INTEGER NOT NULL,
    started_at INTEGER,
    ended_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS executions_by_time ON executions (created_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS executions_by_status ON executions (status, created_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS executions_by_workflow ON executions (workflow_id, created_at DESC, id DESC);
  CREATE TABLE IF NOT EXISTS events (
    execution_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    body TEXT NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS events_by_seq ON events (execution_id, seq);
`;

/**
 * The layout of `executions.db`, step by step. Databases made before steps were counted are at version 0 with
 * some of the layout already there: step 1 brings any of them to the current layout (moving clustered events,
 * adding `node_id`) and changes nothing in one that has it.
 */
export const SQLITE_EXECUTION_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    apply: (db) => {
      const events = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'").get() as { sql: string } | undefined;
      if (events?.sql.includes('WITHOUT ROWID')) db.exec(MOVE_CLUSTERED_EVENTS);
      db.exec(EXECUTION_TABLES);
      const columns = db.prepare('PRAGMA table_info(executions)').all() as { name: string }[];
      if (!columns.some((column) => column.name === 'node_id')) db.exec('ALTER TABLE executions ADD COLUMN node_id TEXT');
    },
  },
  {
    // The firing journal of durable runs: a row per firing, read back in the order first written (by rowid, which
    // an upsert keeps). The outcome is its JSON text, as event bodies are.
    version: 2,
    apply: (db) =>
      db.exec(`
        CREATE TABLE journal (execution_id TEXT NOT NULL, node_path TEXT NOT NULL, firing INTEGER NOT NULL, outcome TEXT);
        CREATE UNIQUE INDEX journal_by_firing ON journal (execution_id, node_path, firing);
      `),
  },
  {
    // Executions list by the deployment that started them; the runs started before are found by the deployment
    // id their metadata carries.
    version: 3,
    apply: (db) =>
      db.exec(`
        ALTER TABLE executions ADD COLUMN deployment_id TEXT;
        UPDATE executions SET deployment_id = json_extract(request, '$.metadata.deployment_id') WHERE source IN ('trigger', 'hook');
        CREATE INDEX executions_by_deployment ON executions (deployment_id, created_at DESC, id DESC) WHERE deployment_id IS NOT NULL;
      `),
  },
  {
    // The tenant of the token that started each execution (null for a token of no tenant).
    version: 4,
    apply: (db) =>
      db.exec(`
        ALTER TABLE executions ADD COLUMN tenant TEXT;
        CREATE INDEX executions_by_tenant ON executions (tenant, created_at DESC, id DESC) WHERE tenant IS NOT NULL;
      `),
  },
];

/** The layout of `deployments.db`, step by step; step 1 changes nothing in a database made before steps were counted. */
export const SQLITE_DEPLOYMENT_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    apply: (db) =>
      db.exec('CREATE TABLE IF NOT EXISTS deployments (id TEXT PRIMARY KEY, request TEXT NOT NULL, created_at INTEGER NOT NULL, triggers TEXT NOT NULL)'),
  },
  {
    // Deployments changed in place (`PATCH`) and paused.
    version: 2,
    apply: (db) =>
      db.exec(`
        ALTER TABLE deployments ADD COLUMN revised_at INTEGER;
        ALTER TABLE deployments ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
      `),
  },
  {
    // The tenant of the token that created each deployment (null for a token of no tenant).
    version: 3,
    apply: (db) => db.exec('ALTER TABLE deployments ADD COLUMN tenant TEXT'),
  },
];

/** The layout of `protocol-graphs.db`, step by step: each graph the FBP protocol runtime keeps, as its JSON document. */
export const SQLITE_PROTOCOL_GRAPH_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    apply: (db) => db.exec('CREATE TABLE protocol_graphs (id TEXT PRIMARY KEY, document TEXT NOT NULL)'),
  },
];

/** The layout of `audit.db`: one row per audited call, listed newest first. */
export const SQLITE_AUDIT_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    apply: (db) =>
      db.exec(`
        CREATE TABLE audit (
          id TEXT PRIMARY KEY,
          at INTEGER NOT NULL,
          actor TEXT NOT NULL,
          action TEXT NOT NULL,
          target TEXT,
          address TEXT,
          outcome INTEGER NOT NULL,
          channel TEXT NOT NULL
        );
        CREATE INDEX audit_by_time ON audit (at DESC, id DESC);
        CREATE INDEX audit_by_actor ON audit (actor, at DESC, id DESC);
      `),
  },
  {
    // The tenant of the caller of each audited call (null for a caller of no tenant).
    version: 2,
    apply: (db) => db.exec('ALTER TABLE audit ADD COLUMN tenant TEXT'),
  },
];
