/**
 * HTTP load with autocannon, with exact latency percentiles from every response (autocannon's own
 * summary has no p95) and a count of what failed.
 */
import autocannon, { type Request } from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /**
   * autocannon's hook: rewrites the request just before each send (the journal's saves take a fresh
   * cell each). `context` is the connection's own object, the same one `onResponse` then gets: one
   * request at a time per connection (no pipelining), so an answer belongs to the last request set up.
   */
  setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  /** autocannon's hook: called with every complete answer (not for requests still in flight at the stop). */
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

export interface LoadFigures {
  connections: number;
  requests: number;
  req_per_s: number;
  p50_ms: number;
  p95_ms: number;
  /** The percentile issue reports quote (autocannon's own summary prints it too). */
  p97_5_ms: number;
  p99_ms: number;
  failed: number;
  /** Of the failed, answers 429 (a route's rate limit, e.g. sign-in's per-IP guard). */
  rate_limited: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Number(sorted[index].toFixed(2));
}

/** Drives `requests` (cycled through by every connection) for `seconds` at `connections`. */
export async function drive(
  base: string,
  token: string | null,
  requests: LoadRequest[],
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'content-type': 'application/json',
          'accept-encoding': 'gzip, br',
        },
        // The hooks' `context` is autocannon's per-connection object (typed `object` there).
        requests: requests as Request[],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    connections,
    requests: result.requests.total,
    req_per_s: Math.round(result.requests.average),
    p50_ms: percentile(latencies, 50),
    p95_ms: percentile(latencies, 95),
    p97_5_ms: percentile(latencies, 97.5),
    p99_ms: percentile(latencies, 99),
    failed: result.non2xx + result.errors + result.timeouts,
    rate_limited: result.statusCodeStats?.['429']?.count ?? 0,
  };
}
