import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGE_EVENTS } from '#contracts/messages';
import { messagesApi } from '#contracts/messages.api';
import {
  measureRounds,
  pooledStats,
  MESSAGES_PER_ECHO,
  partyFailures,
  startPartyCluster,
  WARMUP_SEC,
  type PartyBench,
} from './lib/chat-round';
import { connectFleet } from './lib/latency-round';
import { roundedSample, summarize } from './lib/measure';
import { cpuCount } from './lib/proc';
import { round } from './lib/stats';
import type { GoalResult, Scenario, ScenarioOptions, ScenarioResult } from './lib/types';
import { atMost, verdict } from './lib/verdict';

/**
 * Scenario `messages` (issue #17): messages between sessions. The real app (messages-server.ts: every
 * plugin, the Socket.IO gateway, the PostgreSQL LISTEN/NOTIFY bus) with 1,000 coach–client
 * conversations (200 with --quick), each started by its client through POST /api/conversations; each
 * coach and client has their own authenticated socket (one websocket each, as one tab) subscribed to
 * their `user:<id>` topic: 2,000 sockets. Messages go out open-loop at RATE_PER_SEC in total (--rate),
 * each to the next conversation, the coach and the client taking turns, through the real POST
 * /api/conversations/:id/messages (the conversation's row lock, the block check, the id's retry check,
 * the next seq, the insert, the away-alert check, a client's coach_message notification while one is
 * unread, conversation.message recorded on both parties' topics, delivered after commit), and we time
 * from sending the POST until the OTHER party's socket receives conversation.message for that message id.
 *
 * Baseline, in the same run and on the same sockets: a bare Socket.IO round trip (emit with ack of an
 * `unsubscribe` for a topic the socket does not hold: no database, no authorization), scheduled between
 * the messages at one per MESSAGES_PER_ECHO messages.
 *
 * Goal (issue #17's benchmark): delivery p99 at most TARGET_P99_MS with 0 messages lost, doubled or out
 * of order (per socket, that is per conversation: each person has one), no failed send and none
 * misdirected. The ratio to the bare round trip and the CPU per message are reported, not bounded.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

const TARGET_P99_MS = 50;
const RATE_PER_SEC = 200;
const GOAL = 'messages delivery p99';

const MESSAGES_BENCH: PartyBench = {
  script: path.join(here, 'messages-server.ts'),
  countFlag: '--conversations',
  infoKey: 'conversations',
  event: { type: MESSAGE_EVENTS.created, roomKey: 'conversation_id' },
  sendPath: messagesApi.send.path,
  names: { event: 'conversation.message', room: 'conversation' },
};

async function runMessages(options: ScenarioOptions): Promise<ScenarioResult> {
  const scenario = 'messages';
  const conversationCount = options.quick ? 200 : 1000;
  const rounds = options.rounds ?? 3;
  const durationSec = options.durationSec ?? (options.quick ? 3 : 10);
  const ratePerSec = options.rate ?? RATE_PER_SEC;
  const { log } = options;

  log(`${scenario}: starting PostgreSQL and the app; seeding ${conversationCount} conversations...`);
  const cluster = await startPartyCluster(MESSAGES_BENCH, scenario, conversationCount, 1);
  const { fleet, people } = cluster;
  const server = cluster.servers[0]!;
  try {
    const connectSec = await connectFleet({ scenario, log, server, sockets: 'sockets' }, fleet, people);
    const measured = await measureRounds(cluster, {
      scenario,
      log,
      deliveryTarget: 'message-delivery',
      rounds,
      durationSec,
      ratePerSec,
    });
    const { samples, sent } = measured;
    const fleetStats = fleet.stats();
    const { delivery, post, afterAnswer, rtt, lag, cpuUsPerMessage, dbCpuUsPerMessage } =
      pooledStats(measured);
    const goal: GoalResult = {
      goal:
        `${GOAL} <= ${TARGET_P99_MS} ms, 0 lost, doubled or out of order, with ${conversationCount} ` +
        `conversations (${people.length} sockets) at ${ratePerSec} messages/s`,
      baseline: { socketRoundTripP50Ms: rtt.p50Ms, socketRoundTripP99Ms: rtt.p99Ms, samples: rtt.count },
      app: {
        deliveryP50Ms: delivery.p50Ms,
        deliveryP99Ms: delivery.p99Ms,
        deliveryMaxMs: delivery.maxMs,
        postP50Ms: post.p50Ms,
        postP99Ms: post.p99Ms,
        deliveryAfterAnswerP50Ms: afterAnswer.p50Ms,
        deliveryAfterAnswerP99Ms: afterAnswer.p99Ms,
        cpuUsPerMessage,
        dbCpuUsPerMessage,
        lost: measured.missing,
        doubled: fleetStats.doubled,
        outOfOrder: fleetStats.outOfOrder,
        samples: delivery.count,
      },
      ratio: round(delivery.p99Ms / rtt.p99Ms, 2),
      ratioP50: round(delivery.p50Ms / rtt.p50Ms, 2),
      bound: {
        deliveryP99Ms: `<= ${TARGET_P99_MS}`,
        lost: 0,
        doubled: 0,
        outOfOrder: 0,
        misdirected: 0,
        failures: 0,
      },
      ...verdict(
        atMost('delivery p99', delivery.p99Ms, TARGET_P99_MS, ' ms'),
        partyFailures(cluster, measured),
      ),
    };
    log(
      `${scenario}: send -> other party p50 ${delivery.p50Ms} ms, p99 ${delivery.p99Ms} ms over ${delivery.count} messages; ` +
        `bare socket round trip p50 ${rtt.p50Ms} ms, p99 ${rtt.p99Ms} ms; p99 ratio ${goal.ratio}; ` +
        `${cpuUsPerMessage} app + ${dbCpuUsPerMessage} db CPU-µs per message; ${goal.pass ? 'PASS' : 'FAIL'} ` +
        `(target p99 <= ${TARGET_P99_MS} ms)`,
    );

    return {
      scenario,
      params: {
        conversations: conversationCount,
        sockets: people.length,
        conversationsMadeBy: 'POST /api/conversations by each client (in the app child, app.inject)',
        messagesPerSec: ratePerSec,
        echoesPerSec: ratePerSec / MESSAGES_PER_ECHO,
        rounds,
        durationSec,
        messagesPerRound: ratePerSec * durationSec,
        warmupSec: WARMUP_SEC,
        database: server.info.database,
        poolSize: server.info.poolSize,
        socketsConnectSec: round(connectSec, 2),
        order:
          'open loop (late messages are caught up, not dropped); a bare round trip half a period after every 5th message',
      },
      targets: [summarize('message-delivery', samples), summarize('socket-round-trip', samples)],
      rounds: samples.map(roundedSample),
      goals: [goal],
      notes: [
        `conversations: ${conversationCount}, each started by its client through POST /api/conversations; ` +
          `every coach and client signed in through the real session service, one socket each. Message n ` +
          `goes to conversation n mod ${conversationCount}, the coach and the client taking turns, so each ` +
          `conversation gets one every ${round(conversationCount / ratePerSec, 1)} s. Nobody reads, so a ` +
          `client's coach_message notification is written once per conversation (one while unread); every ` +
          `party has an open tab, so no alert email is queued (the open-tab check runs for each message).`,
        `message-delivery: from sending POST /api/conversations/:id/messages until the OTHER party's socket ` +
          `receives conversation.message; pooled over all rounds: p50 ${delivery.p50Ms} ms, p99 ` +
          `${delivery.p99Ms} ms, max ${delivery.maxMs} ms (${delivery.count} of ${sent} messages); the POST ` +
          `answered in p50 ${post.p50Ms} / p99 ${post.p99Ms} ms, and the event arrived p50 ` +
          `${afterAnswer.p50Ms} / p99 ${afterAnswer.p99Ms} ms after that answer (negative: before it).`,
        `socket-round-trip: emit with ack on one of the same sockets (unsubscribe from a topic it does not ` +
          `hold), pooled: p50 ${rtt.p50Ms} ms, p99 ${rtt.p99Ms} ms (${rtt.count}); ratio delivery p99 / ` +
          `round trip p99 = ${goal.ratio}, p50 / p50 = ${goal.ratioP50}.`,
        `Generator lag behind the schedule: p50 ${lag.p50Ms} ms, p99 ${lag.p99Ms} ms, max ${lag.maxMs} ms ` +
          `(large values mean this process, not the app, held the messages back).`,
        `CPU per message (reported, not a goal of #17): the round's app and database CPU over its messages ` +
          `(median of the rounds): ${cpuUsPerMessage} app + ${dbCpuUsPerMessage} db CPU-µs.`,
        `${cpuCount()} CPUs shared by the app, PostgreSQL and the ${people.length}-socket client fleet.`,
        `Fleet: ${fleetStats.delivered} deliveries to the other party, ${fleetStats.ownCopies} copies to ` +
          `the sender's own socket, ${fleetStats.misdirected} misdirected, ${fleetStats.doubled} doubled, ` +
          `${fleetStats.outOfOrder} out of order, ${fleetStats.unclaimed} unclaimed.`,
      ],
    };
  } finally {
    log(`${scenario}: stopping...`);
    await cluster.stop();
  }
}

export const messagesScenario: Scenario = {
  name: 'messages',
  description: `conversation message send -> other party p50/p99 in 1,000 conversations (2,000 sockets) at ${RATE_PER_SEC} msg/s vs a bare socket round trip (p99 <= ${TARGET_P99_MS} ms; 0 lost, doubled, out of order)`,
  run: runMessages,
};
