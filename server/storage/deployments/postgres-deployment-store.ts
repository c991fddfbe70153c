import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Logger, silentLogger } from '../../logger';
import { type DeploymentRecord, type DeploymentUpdate, type TriggerState, updatedRecord } from '../../deployments';
import { type DeploymentStore } from './deployment-store';
import { PostgresListener, connectionConfig, openMigratedPool, postgresNamespace, redacted, transaction } from '../postgres';

/** Where a {@link PostgresDeploymentStore} keeps its deployments. */
export interface PostgresDeploymentStoreOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** Stores of the same namespace share their deployments (the execution store of the namespace shares its schema). */
  namespace: string;
  /** How long a connection attempt may take. @default 5000 */
  connectTimeoutMs?: number;
  /** Where failed writes and reads are reported: they are never thrown. @default silentLogger */
  logger?: Logger;
}

/** Told that another node changed a deployment: the store's answers for it are up to date when this is called. */
export type DeploymentChangeListener = (deploymentId: string) => void;

interface DeploymentRow {
  id: string;
  request: string;
  created_at: number;
  triggers: Record<string, TriggerState>;
  revised_at: number | null;
  paused: boolean;
  tenant: string | null;
}

/** A change made here, applied to the mirror at once and written to the database later, in order. */
type Change =
  | { readonly kind: 'insert'; readonly id: string; readonly record: DeploymentRecord }
  | { readonly kind: 'update'; readonly id: string; readonly update: DeploymentUpdate }
  | { readonly kind: 'delete'; readonly id: string }
  | { readonly kind: 'trigger'; readonly id: string; readonly nodeId: string; readonly state: TriggerState };

const RECONNECT_DELAY_MS = 1000;
/** Writes and reads go one at a time, in order: a second connection only serves a read while a write stalls. */
const POOL_SIZE = 2;

/**
 * Deployments in PostgreSQL, shared by the nodes of a cluster, behind the synchronous {@link DeploymentStore}.
 * Every deployment of the namespace is mirrored in memory, where reads are answered. Writes change the mirror at
 * once and reach the database later, one transaction each, in order, each notifying the other nodes, which read
 * the deployment again and tell their {@link onChange} listeners.
 *
 * Two nodes that insert the same id at once both answer true; the database keeps the first row, and the other
 * node, told by the conflict, mirrors that row and tells its listeners. A write that fails is logged and lost:
 * the mirror keeps it until it next reads the deployment (a change from another node, or the full reload after the
 * listening connection came back).
 */
export class PostgresDeploymentStore implements DeploymentStore {
  private readonly mirror = new Map<string, DeploymentRecord>();
  /** The changes queued and not yet written, oldest first: a read from the database is mirrored with them on top. */
  private readonly unwritten: Change[] = [];
  private readonly listeners = new Set<{ listener: DeploymentChangeListener }>();
  private readonly instanceId = randomUUID();
  private tail: Promise<void> = Promise.resolve();
  private channel: PostgresListener | undefined;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly table: string,
    private readonly channelName: string,
    private readonly logger: Logger,
  ) {}

  /**
   * Applies the migrations the namespace lacks, starts listening for other nodes' changes and
   * loads every deployment.
   * @throws Error naming the database when it cannot be reached or prepared
   */
  static async open(options: PostgresDeploymentStoreOptions): Promise<PostgresDeploymentStore> {
    const config: pg.ClientConfig = {
      ...connectionConfig(options.url),
      ...(options.connectTimeoutMs === undefined ? {} : { connectionTimeoutMillis: options.connectTimeoutMs }),
    };
    const names = postgresNamespace(options.namespace);
    const failure = (error: unknown) =>
      new Error(`Cannot open the deployment store at ${redacted(options.url)}: ${(error as Error).message}`, { cause: error });
    const pool = await openMigratedPool(config, POOL_SIZE, names).catch((error: unknown) => {
      throw failure(error);
    });
    const store = new PostgresDeploymentStore(
      pool,
      `${pg.escapeIdentifier(names.schema)}.deployments`,
      names.deploymentChannel,
      options.logger ?? silentLogger,
    );
    try {
      // Listening before the load: a change committed meanwhile is read again after it.
      store.channel = await PostgresListener.open(
        config,
        names.deploymentChannel,
        { notified: (payload) => store.notified(payload), reconnected: () => store.reloaded() },
        RECONNECT_DELAY_MS,
      );
      await store.queue(() => store.reload());
      return store;
    } catch (error) {
      await store.channel?.close();
      await pool.end().catch(() => undefined);
      throw failure(error);
    }
  }

  insert(record: DeploymentRecord): boolean {
    if (this.closing || this.mirror.has(record.id)) return false;
    this.change({ kind: 'insert', id: record.id, record });
    return true;
  }

  get(id: string): DeploymentRecord | undefined {
    return this.mirror.get(id);
  }

  list(): DeploymentRecord[] {
    return [...this.mirror.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  update(id: string, update: DeploymentUpdate): boolean {
    if (this.closing || !this.mirror.has(id)) return false;
    this.change({ kind: 'update', id, update });
    return true;
  }

  delete(id: string): boolean {
    if (this.closing || !this.mirror.has(id)) return false;
    this.change({ kind: 'delete', id });
    return true;
  }

  saveTrigger(id: string, nodeId: string, state: TriggerState): void {
    if (this.closing || !this.mirror.has(id)) return;
    this.change({ kind: 'trigger', id, nodeId, state });
  }

  /** Calls `listener` after each change another node made to a deployment, until the returned function is called. */
  onChange(listener: DeploymentChangeListener): () => void {
    const entry = { listener };
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  /** Resolves when the writes (and the reads of other nodes' changes) queued so far are done; never rejects. */
  written(): Promise<void> {
    return this.tail;
  }

  /** Writes what is queued, then stops listening and disconnects. Later writes are ignored. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.tail;
      await this.channel?.close();
      await this.pool.end();
    })();
    return this.closing;
  }

  private change(change: Change): void {
    this.mirrorRow(change.id, this.mirror.get(change.id), [change]);
    this.unwritten.push(change);
    void this.queue(async () => {
      try {
        if (!(await this.write(change))) await this.lostInsert(change.id);
      } catch (error) {
        this.logger.error({ err: error, deployment: change.id }, `Could not write a deployment change (${change.kind}) to PostgreSQL`);
      } finally {
        this.unwritten.shift();
      }
    }).catch(() => undefined);
  }

  // Answers false for an insert the database refused because another node's row has the id.
  private async write(change: Change): Promise<boolean> {
    return transaction(this.pool, async (client) => {
      let written: boolean;
      if (change.kind === 'insert') {
        const { record } = change;
        const sql = `INSERT INTO ${this.table} (id, request, created_at, triggers, revised_at, paused, tenant) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7) ON CONFLICT (id) DO NOTHING`;
        const values = [
          record.id,
          JSON.stringify(record.request),
          record.createdAt,
          JSON.stringify(record.triggers),
          record.revisedAt ?? null,
          record.paused === true,
          record.tenant ?? null,
        ];
        written = (await client.query(sql, values)).rowCount === 1;
        if (!written) return false;
      } else if (change.kind === 'update') {
        written = ((await client.query(updateSql(this.table, change.update), updateValues(change.id, change.update))).rowCount ?? 0) > 0;
      } else if (change.kind === 'delete') {
        written = ((await client.query(`DELETE FROM ${this.table} WHERE id = $1`, [change.id])).rowCount ?? 0) > 0;
      } else {
        const sql = `UPDATE ${this.table} SET triggers = jsonb_set(triggers, ARRAY[$2::text], $3::jsonb) WHERE id = $1`;
        written = ((await client.query(sql, [change.id, change.nodeId, JSON.stringify(change.state)])).rowCount ?? 0) > 0;
      }
      if (written) await client.query('SELECT pg_notify($1, $2)', [this.channelName, `${this.instanceId} ${change.id}`]);
      return true;
    });
  }

  // The insert lost a race with another node's: the mirror takes that node's row, and the listeners hear of it.
  private async lostInsert(id: string): Promise<void> {
    this.logger.warn({ deployment: id }, 'Another node created a deployment of the same name first: its deployment replaces this one');
    this.mirrorRow(id, await this.read(id), this.unwritten.slice(1));
    this.tell(id);
  }

  // The payload is `<instanceId> <deploymentId>`: the instance id has no space, so the deployment id is all the rest.
  private notified(payload: string): void {
    const space = payload.indexOf(' ');
    if (space < 0 || payload.slice(0, space) === this.instanceId || this.closing) return;
    const id = payload.slice(space + 1);
    this.queue(async () => {
      this.mirrorRow(id, await this.read(id), this.unwritten);
      this.tell(id);
    }).catch((error: unknown) => this.logger.error({ err: error, deployment: id }, 'Could not read a deployment another node changed'));
  }

  private reloaded(): void {
    if (this.closing) return;
    this.queue(async () => {
      const before = new Set(this.mirror.keys());
      await this.reload();
      for (const id of new Set([...before, ...this.mirror.keys()])) this.tell(id);
    }).catch((error: unknown) => this.logger.error({ err: error }, 'Could not read the deployments again after the listening connection came back'));
  }

  private async reload(): Promise<void> {
    const { rows } = await this.pool.query<DeploymentRow>(`SELECT * FROM ${this.table}`);
    const ids = new Set([...this.mirror.keys(), ...rows.map((row) => row.id), ...this.unwritten.map((change) => change.id)]);
    const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
    for (const id of ids) this.mirrorRow(id, byId.get(id), this.unwritten);
  }

  private async read(id: string): Promise<DeploymentRecord | undefined> {
    const { rows } = await this.pool.query<DeploymentRow>(`SELECT * FROM ${this.table} WHERE id = $1`, [id]);
    return rows[0] && toRecord(rows[0]);
  }

  // What the database holds, with the changes queued here and not yet written on top, as it will be once they are.
  private mirrorRow(id: string, stored: DeploymentRecord | undefined, changes: readonly Change[]): void {
    const record = changes.filter((change) => change.id === id).reduce(applied, stored);
    if (record) this.mirror.set(id, record);
    else this.mirror.delete(id);
  }

  private tell(id: string): void {
    for (const { listener } of [...this.listeners]) {
      try {
        listener(id);
      } catch (error) {
        this.logger.error({ err: error, deployment: id }, 'A deployment change listener failed');
      }
    }
  }

  // One task at a time, in order of queueing: a read of another node's change then comes after the writes queued
  // before it. The answered promise tells the task's outcome; the queue goes on either way.
  private queue(task: () => Promise<void>): Promise<void> {
    const done = this.tail.then(task);
    this.tail = done.catch(() => undefined);
    return done;
  }
}

// A new request drops the triggers' states in the same statement: another node's state of the old request is not kept.
function updateSql(table: string, update: DeploymentUpdate): string {
  if (update.request === undefined) return `UPDATE ${table} SET paused = $2 WHERE id = $1`;
  return `UPDATE ${table} SET paused = coalesce($2, paused), request = $3, revised_at = $4, triggers = '{}'::jsonb WHERE id = $1`;
}

function updateValues(id: string, update: DeploymentUpdate): unknown[] {
  if (update.request === undefined) return [id, update.paused];
  return [id, update.paused ?? null, JSON.stringify(update.request), update.revisedAt];
}

function applied(record: DeploymentRecord | undefined, change: Change): DeploymentRecord | undefined {
  if (change.kind === 'insert') return record ?? change.record;
  if (change.kind === 'update') return record && updatedRecord(record, change.update);
  if (change.kind === 'delete' || !record) return undefined;
  return { ...record, triggers: { ...record.triggers, [change.nodeId]: change.state } };
}

function toRecord(row: DeploymentRow): DeploymentRecord {
  return {
    id: row.id,
    request: JSON.parse(row.request) as DeploymentRecord['request'],
    createdAt: row.created_at,
    ...(row.revised_at === null ? {} : { revisedAt: row.revised_at }),
    ...(row.paused ? { paused: true } : {}),
    ...(row.tenant === null ? {} : { tenant: row.tenant }),
    triggers: row.triggers,
  };
}
