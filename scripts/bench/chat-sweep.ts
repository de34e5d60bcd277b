import { appLogErrors } from './lib/app-log';
import { CHAT_BENCH, runRound, settleOwnCopies, startPartyCluster, WARMUP_SEC } from './lib/chat-round';
import { connectFleet, latencySample } from './lib/latency-round';
import { roundedSample, summarize, type RoundSample } from './lib/measure';
import { cpuCount, waitForQuietLoad } from './lib/proc';
import { latencyStats, round } from './lib/stats';
import type { GoalResult, Scenario, ScenarioOptions, ScenarioResult } from './lib/types';
import { atLeast, atMost, verdict } from './lib/verdict';

/**
 * Scenario `chat-sweep`: where chat's knee is. The same app, sessions and sockets as `chat` (500 live
 * sessions, 1,000 sockets; 100 and 200 with --quick), messages sent open-loop at each rate of SWEEP_RATES
 * in turn (a warm-up, then one round), printing per rate the delivery p50/p99 and the app's and the
 * database's CPU per message, so the rate at which the cost or the latency turns up is visible in one
 * table. Once a rate's p50 passes GIVE_UP_P50_MS the higher rates are skipped (a backlog only grows).
 *
 * Goals (#16): at least KNEE_TARGET messages/s sustained before the p50 passes KNEE_P50_MS (every rate
 * up to it with its p50 at most KNEE_P50_MS, nothing lost or failed), and at P99_RATE messages/s a p99
 * of at most P99_TARGET_MS and at most MAX_APP_CPU_US_PER_MESSAGE app + MAX_DB_CPU_US_PER_MESSAGE
 * database CPU-µs per message. A sweep that did not run P99_RATE (--rate, or skipped) fails the latter.
 */

const SWEEP_RATES = [250, 500, 1000, 1500, 2000];
const KNEE_P50_MS = 100;
const KNEE_TARGET = 1500;
const P99_RATE = 500;
const P99_TARGET_MS = 50;
const MAX_APP_CPU_US_PER_MESSAGE = 400;
const MAX_DB_CPU_US_PER_MESSAGE = 300;
const GIVE_UP_P50_MS = 1000;

type RateRow = {
  rate: number;
  sent: number;
  delivered: number;
  lost: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  appCpuUsPerMessage: number;
  dbCpuUsPerMessage: number;
  generatorLagP99Ms: number;
};

const sustained = (row: RateRow) => row.p50Ms <= KNEE_P50_MS && row.lost === 0 && row.failed === 0;

function renderSweep(rows: readonly RateRow[]): string {
  const header = 'msg/s   delivered   p50 ms   p99 ms   app CPU-µs/msg   db CPU-µs/msg   lost  failed';
  const lines = rows.map(
    (row) =>
      `${String(row.rate).padEnd(7)} ${String(row.delivered).padStart(9)}   ${String(row.p50Ms).padStart(6)}   ` +
      `${String(row.p99Ms).padStart(6)}   ${String(row.appCpuUsPerMessage).padStart(14)}   ` +
      `${String(row.dbCpuUsPerMessage).padStart(13)}   ${String(row.lost).padStart(4)}  ${String(row.failed).padStart(6)}`,
  );
  return [header, ...lines].join('\n');
}

async function runChatSweep(options: ScenarioOptions): Promise<ScenarioResult> {
  const sessionCount = options.quick ? 100 : 500;
  const durationSec = options.durationSec ?? (options.quick ? 3 : 5);
  const rates = options.rate ? [options.rate] : SWEEP_RATES;
  const { log } = options;

  log(`chat-sweep: starting PostgreSQL and the app; seeding ${sessionCount} live sessions...`);
  const cluster = await startPartyCluster(CHAT_BENCH, 'chat-sweep', sessionCount, 1);
  const { fleet, people } = cluster;
  const server = cluster.servers[0]!;
  try {
    await connectFleet({ scenario: 'chat-sweep', log, server, sockets: 'sockets' }, fleet, people);
    const samples: RoundSample[] = [];
    const rows: RateRow[] = [];
    let offset = 0;
    let created = 0;
    for (const rate of rates) {
      const warm = await runRound(cluster, {
        count: rate * WARMUP_SEC,
        offset,
        ratePerSec: rate,
      });
      offset += rate * WARMUP_SEC;
      created += warm.created;
      const load = await waitForQuietLoad(10_000);
      const count = rate * durationSec;
      const result = await runRound(cluster, { count, offset, ratePerSec: rate });
      offset += count;
      created += result.created;
      const delivery = latencyStats(result.delivery);
      const perMessage = (micros: number) => round(micros / Math.max(1, result.created), 0);
      const row: RateRow = {
        rate,
        sent: result.sent,
        delivered: delivery.count,
        lost: result.missing,
        failed: result.sent - result.created,
        p50Ms: delivery.p50Ms,
        p99Ms: delivery.p99Ms,
        appCpuUsPerMessage: perMessage(result.cpu.serverCpuMicros),
        dbCpuUsPerMessage: perMessage(result.cpu.dbCpuMicros),
        generatorLagP99Ms: latencyStats(result.lag).p99Ms,
      };
      rows.push(row);
      samples.push(
        latencySample({
          target: `chat@${rate}`,
          round: 1,
          values: result.delivery,
          cpu: result.cpu,
          operations: result.created,
          load,
          errors: result.problems.length,
        }),
      );
      log(
        `chat-sweep: ${rate} msg/s: p50 ${row.p50Ms} / p99 ${row.p99Ms} ms, ${row.appCpuUsPerMessage} app + ` +
          `${row.dbCpuUsPerMessage} db CPU-µs/msg, ${row.lost} lost, ${row.failed} failed`,
      );
      if (!(row.p50Ms <= GIVE_UP_P50_MS)) {
        log(`chat-sweep: p50 over ${GIVE_UP_P50_MS} ms: the higher rates are skipped`);
        break;
      }
    }
    await settleOwnCopies(fleet, created);

    // The highest rate reached before the first one that was not sustained (rates rise).
    let knee = 0;
    for (const row of rows) {
      if (!sustained(row)) break;
      knee = row.rate;
    }
    const atP99Rate = rows.find((row) => row.rate === P99_RATE);
    const stats = fleet.stats();
    const appErrors = appLogErrors(server.info.logFile);
    const missed = [
      ...atLeast(`messages/s sustained with p50 <= ${KNEE_P50_MS} ms`, knee, KNEE_TARGET),
      ...(atP99Rate
        ? [
            ...atMost(`p99 at ${P99_RATE} msg/s`, atP99Rate.p99Ms, P99_TARGET_MS, ' ms'),
            ...atMost(
              `app CPU-µs per message at ${P99_RATE} msg/s`,
              atP99Rate.appCpuUsPerMessage,
              MAX_APP_CPU_US_PER_MESSAGE,
            ),
            ...atMost(
              `db CPU-µs per message at ${P99_RATE} msg/s`,
              atP99Rate.dbCpuUsPerMessage,
              MAX_DB_CPU_US_PER_MESSAGE,
            ),
          ]
        : [`${P99_RATE} msg/s was not measured (its p99 and CPU per message are goals)`]),
    ];
    const failures = [
      ...(stats.misdirected > 0 ? [`${stats.misdirected} chat events reached a socket not a party`] : []),
      ...(stats.doubled > 0 ? [`${stats.doubled} chat events reached a socket that already had them`] : []),
      ...(stats.outOfOrder > 0 ? [`${stats.outOfOrder} chat events arrived out of seq order`] : []),
      ...(appErrors.count > 0
        ? [`the app logged ${appErrors.count} errors: ${appErrors.first.join('; ')}`]
        : []),
    ];
    const goal: GoalResult = {
      goal:
        `chat sweep: >= ${KNEE_TARGET} msg/s before p50 > ${KNEE_P50_MS} ms; at ${P99_RATE} msg/s p99 <= ` +
        `${P99_TARGET_MS} ms and <= ${MAX_APP_CPU_US_PER_MESSAGE} app + ${MAX_DB_CPU_US_PER_MESSAGE} db CPU-µs ` +
        `per message (${sessionCount} sessions)`,
      app: {
        sustainedMessagesPerSec: knee,
        ...(atP99Rate
          ? {
              at500: {
                p99Ms: atP99Rate.p99Ms,
                cpuUsPerMessage: atP99Rate.appCpuUsPerMessage,
                dbCpuUsPerMessage: atP99Rate.dbCpuUsPerMessage,
              },
            }
          : {}),
      },
      sweep: rows,
      bound: {
        sustainedMessagesPerSec: `>= ${KNEE_TARGET}`,
        sustainedP50Ms: `<= ${KNEE_P50_MS}`,
        at500: {
          p99Ms: `<= ${P99_TARGET_MS}`,
          cpuUsPerMessage: `<= ${MAX_APP_CPU_US_PER_MESSAGE}`,
          dbCpuUsPerMessage: `<= ${MAX_DB_CPU_US_PER_MESSAGE}`,
        },
      },
      ...verdict(missed, failures),
    };
    log(`chat-sweep:\n${renderSweep(rows)}`);
    return {
      scenario: 'chat-sweep',
      params: { sessions: sessionCount, sockets: people.length, rates, durationSec, warmupSec: WARMUP_SEC },
      targets: rows.map((row) => summarize(`chat@${row.rate}`, samples)),
      rounds: samples.map(roundedSample),
      goals: [goal],
      notes: [
        `per rate: ${WARMUP_SEC} s of warm-up, then ${durationSec} s measured; delivery is from sending the POST ` +
          `until the other party's socket receives the message (as in chat).`,
        `CPU per message: the app's (and PostgreSQL's) CPU over the round / the messages created in it.`,
        `${cpuCount()} CPUs shared by the app, PostgreSQL and the ${people.length}-socket client fleet.`,
        `sweep:\n${renderSweep(rows)}`,
      ],
    };
  } finally {
    log('chat-sweep: stopping...');
    await cluster.stop();
  }
}

export const chatSweepScenario: Scenario = {
  name: 'chat-sweep',
  description: `chat at ${SWEEP_RATES.join(', ')} msg/s in turn: p50/p99 and CPU per message at each (the knee: >= ${KNEE_TARGET} msg/s with p50 <= ${KNEE_P50_MS} ms; at ${P99_RATE} msg/s p99 <= ${P99_TARGET_MS} ms, <= ${MAX_APP_CPU_US_PER_MESSAGE} + ${MAX_DB_CPU_US_PER_MESSAGE} CPU-µs/msg)`,
  run: runChatSweep,
};
