/**
 * Minimal types for autocannon 9 (it ships none and @types/autocannon is not a dependency).
 * Only what the bench harness uses; see node_modules/autocannon/README.md for the full API.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Per-request timeout in seconds. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    title?: string;
  }

  /** hdr-histogram-percentiles-obj shape. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p2_5: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
    p99_99: number;
    p99_999: number;
  }

  export interface Result {
    title?: string;
    url: string;
    connections: number;
    pipelining: number;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    '2xx': number;
    /** Requests per one-second sample; `total` is the number of completed requests. */
    requests: Histogram & { sent: number };
    /** Milliseconds. */
    latency: Histogram & { totalCount: number };
    /** Bytes per one-second sample. */
    throughput: Histogram;
    start: Date;
    finish: Date;
  }

  export interface Instance extends EventEmitter {
    stop(): void;
  }

  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance;
}
