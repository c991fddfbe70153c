import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';

/** One span as an OTLP/JSON export carries it, with its attributes as plain values and its resource's attributes. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  statusMessage?: string;
  resource: Record<string, unknown>;
}

/** One POST the receiver took, as it came. */
export interface ReceivedExport {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
        status?: { code?: number; message?: string };
      }[];
    }[];
  }[];
}

function plain(value: OtlpValue): unknown {
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.boolValue ?? value.doubleValue;
}

function attributesOf(list: OtlpAttribute[] = []): Record<string, unknown> {
  return Object.fromEntries(list.map(({ key, value }) => [key, plain(value)]));
}

function spansOf(body: OtlpExport): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap(({ resource, scopeSpans }) =>
    (scopeSpans ?? []).flatMap(({ spans }) =>
      (spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
        statusCode: span.status?.code ?? 0,
        statusMessage: span.status?.message,
        resource: attributesOf(resource?.attributes),
      })),
    ),
  );
}

/** An OTLP/HTTP receiver on 127.0.0.1 that keeps every export, and the spans of the JSON ones. */
export interface OtlpReceiver {
  /** The base URL, for `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  url: string;
  exports: ReceivedExport[];
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

/** Starts an OTLP receiver that answers every POST 200 and decodes the JSON ones. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const exports: ReceivedExport[] = [];
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      exports.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.headers['content-type']?.startsWith('application/json')) spans.push(...spansOf(JSON.parse(body.toString('utf8')) as OtlpExport));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
