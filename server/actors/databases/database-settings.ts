/** Where a pool connects and how many connections it may open; the address is the one the egress policy checked. */
export interface DatabaseSettings {
  /** The host as configured, for messages. */
  readonly host: string;
  /** The checked address the driver connects to. */
  readonly address: string;
  readonly port: number;
  readonly database: string;
  readonly user?: string;
  readonly password?: string;
  readonly maxConnections: number;
  readonly connectionTimeoutMs: number;
  /** Whether a statement's text may hold several statements (PostgreSQL only; they then take no parameters). @default false */
  readonly multipleStatements?: boolean;
}

/** `host:port/database`, as messages name a database (never with its credentials). */
export function describeDatabase(settings: Pick<DatabaseSettings, 'host' | 'port' | 'database'>): string {
  return `${settings.host}:${settings.port}/${settings.database}`;
}
