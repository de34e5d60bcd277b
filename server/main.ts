import fs from 'node:fs';
import path from 'node:path';
import { systemClock } from '#domain/clock';
import { createSmtpEmailSender } from './adapters/email/smtp-email-sender';
import { createTwilioSmsSender } from './adapters/sms/twilio-sms-sender';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/env';
import { connectDatabase } from './db/client';
import {
  DataDirectoryInUseError,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './db/embedded-postgres';
import { runMigrations } from './db/migrate';
import { createObjectStorage } from './adapters/storage/create-object-storage';
import { DEMO_ACCOUNTS, seedDemoData } from './seed/seed';
import { createLedgerInvariantsJob, type LedgerInvariantsJob } from './jobs/ledger-invariants.job';
import { createEarningsReleaseJob, type EarningsReleaseJob } from './jobs/earnings-release.job';
import { createRealtimeRetentionJob, type RealtimeRetentionJob } from './jobs/realtime-retention.job';
import { createSessionLifecycleJob, type SessionLifecycleJob } from './jobs/session-lifecycle.job';
import { createOutboxJob, type OutboxJob } from './jobs/outbox.job';
import { createReviewVisibilityJob, type ReviewVisibilityJob } from './jobs/review-visibility.job';

/** Process entry: config, database, buildApp, listen, graceful shutdown. */

// Start-up prints one line per step as it completes ("Database migrations: applied (0.4 s)"), whole
// lines only so log lines never land in the middle of one, and the useful part last.
const say = (line: string) => process.stdout.write(`${line}\n`);

async function step<T>(label: string, run: () => Promise<T>, outcome?: (result: T) => string): Promise<T> {
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  try {
    const result = await run();
    say(`${label}: ${outcome?.(result) ?? 'done'} (${seconds()})`);
    return result;
  } catch (error) {
    say(`${label}: failed (${seconds()})`);
    throw error;
  }
}

function readVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

async function openDatabase(
  config: Config,
  onUnexpectedExit: (reason: string) => void,
): Promise<{ url: string; embedded?: EmbeddedPostgres }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  try {
    const embedded = await step(
      'Embedded PostgreSQL',
      () => startEmbeddedPostgres({ dataDir: config.dataDir, log: say, onUnexpectedExit }),
      (started) => `running on 127.0.0.1:${started.port}`,
    );
    return { url: embedded.url, embedded };
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      // Another app owns this data directory: leave it (and its database) alone.
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  // Set once the pool and the app exist (below); PostgreSQL can only die after it started.
  const databaseLost: { handle?: (reason: string) => void } = {};
  const { url, embedded } = await openDatabase(config, (reason) => databaseLost.handle?.(reason));
  const database = connectDatabase(url, { poolSize: config.databasePoolSize });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let outboxJob: OutboxJob | undefined;
  let ledgerInvariantsJob: LedgerInvariantsJob | undefined;
  let earningsReleaseJob: EarningsReleaseJob | undefined;
  let sessionLifecycleJob: SessionLifecycleJob | undefined;
  let realtimeRetentionJob: RealtimeRetentionJob | undefined;
  let reviewVisibilityJob: ReviewVisibilityJob | undefined;

  let shuttingDown: Promise<void> | undefined;
  let firstSignalAt = 0;
  const shutdown = (signal: string) => {
    // npm forwards the terminal's Ctrl-C, so the same signal may arrive twice at once: only a
    // second signal a moment later means "stop now".
    if (shuttingDown) {
      if (Date.now() - firstSignalAt > 1000) {
        say('Forced exit.');
        process.exit(1);
      }
      return;
    }
    firstSignalAt = Date.now();
    say(`\n${signal} received: shutting down (press Ctrl-C again to force)...`);
    const force = setTimeout(() => {
      say('Shutdown took too long; forcing exit.');
      process.exit(1);
    }, 20_000);
    force.unref();
    shuttingDown = (async () => {
      await outboxJob?.stop(); // lets a delivery run in progress record its results while the pool is open
      await ledgerInvariantsJob?.stop();
      await earningsReleaseJob?.stop();
      await sessionLifecycleJob?.stop();
      await realtimeRetentionJob?.stop();
      await reviewVisibilityJob?.stop();
      await app?.close(); // stops accepting, waits for in-flight requests, closes sockets
      await database.close();
      await embedded?.stop();
      say('Stopped cleanly.');
    })();
    shuttingDown.then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Error during shutdown: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  // Without its database the app could only answer 503: say why and exit, so a supervisor (or the
  // person at the terminal) restarts it, instead of serving errors forever.
  databaseLost.handle = (reason) => {
    process.stderr.write(
      `\nThe embedded PostgreSQL stopped unexpectedly (${reason}); Wellspring cannot run without it and is exiting.\n` +
        `Its log: ${embedded?.logFile ?? config.dataDir}. Start Wellspring again to restart it.\n`,
    );
    const force = setTimeout(() => process.exit(1), 3000);
    force.unref();
    void (async () => {
      await app?.close().catch(() => undefined);
      await database.close().catch(() => undefined);
      process.exit(1);
    })();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await step(
      'Database migrations',
      () => runMigrations(url),
      () => 'up to date',
    );
    const seeded = config.seedDemoData
      ? await step(
          'Demo data',
          () =>
            seedDemoData(
              database.db,
              systemClock.now(),
              createObjectStorage(config.uploads.storage, systemClock),
            ),
          (created) => (created ? 'seeded' : 'already seeded'),
        )
      : false;
    app = await step(
      'Server',
      async () => {
        const built = await buildApp({ config, db: database.db, clock: systemClock, version: readVersion() });
        app = built; // closed by a failed start from here on
        // Ledger invariants at start-up, then hourly: a broken one is logged at fatal level and turns /api/health red.
        const invariants = createLedgerInvariantsJob({
          db: database.db,
          ledger: built.ledger.service,
          status: built.ledger.invariants,
          logger: built.log.child({ job: 'ledger-invariants' }),
        });
        ledgerInvariantsJob = invariants;
        // The start-up check completes before the first request, so /api/health never reports it unchecked.
        await invariants.runOnce();
        await built.listen({ port: config.port, host: config.host });
        return built;
      },
      () => `listening on ${config.host}`,
    );
    outboxJob = createOutboxJob({
      db: database.db,
      clock: systemClock,
      emailSender: config.email.smtpUrl
        ? createSmtpEmailSender({ smtpUrl: config.email.smtpUrl, from: config.email.from })
        : undefined,
      smsSender: config.sms.provider === 'twilio' ? createTwilioSmsSender(config.sms) : undefined,
      logger: app.log.child({ job: 'outbox' }),
      batchSize: 20,
      pollIntervalMs: config.outboxPollIntervalMs,
    });
    outboxJob.start();
    ledgerInvariantsJob?.start();
    // The timed jobs below run on the system clock and log under their own name.
    const appLog = app.log;
    const jobDeps = (job: string) => ({ clock: systemClock, logger: appLog.child({ job }) });
    // Coach earnings become available earnings_hold_days after the session: at start-up, then every 10 minutes.
    const earnings = app.earnings;
    earningsReleaseJob = createEarningsReleaseJob({
      releaseDue: (now) => earnings.releaseDue(now),
      ...jobDeps('earnings-release'),
    });
    earningsReleaseJob.start();
    // Every 2 s, unanswered requests expire (hold released) and sessions past start_time +
    // duration complete (hold captured); both claim rows FOR UPDATE SKIP LOCKED, safe with several instances.
    const { sessionRequests, chatSessions, sessionExtensions, bookings } = app;
    sessionLifecycleJob = createSessionLifecycleJob({
      expireDue: (now) => sessionRequests.expireDue(now),
      completeDue: (now) => chatSessions.completeDue(now),
      // Asks for more time unanswered after 2 minutes expire (hold released).
      expireExtensions: (now) => sessionExtensions.expireDue(now),
      // Bookings whose room nobody opened by their end: coach no-shows, hold released.
      closeMissedBookings: (now) => bookings.closeMissed(now),
      ...jobDeps('session-lifecycle'),
    });
    sessionLifecycleJob.start();
    // Recorded realtime events are kept a day for replay, then deleted (hourly).
    const realtime = app.realtime;
    realtimeRetentionJob = createRealtimeRetentionJob({
      prune: (now) => realtime.prune(now),
      ...jobDeps('realtime-retention'),
    });
    realtimeRetentionJob.start();
    // Every minute, reviews visible by time (7 days after the session) are counted into coach_stats.
    const reviews = app.reviews;
    reviewVisibilityJob = createReviewVisibilityJob({
      countDueVisible: (now) => reviews.countDueVisible(now),
      ...jobDeps('review-visibility'),
    });
    reviewVisibilityJob.start();
    // The first runs of the jobs log a line or two: let them out before the banner, which comes last.
    // (runOnce shares a run in progress: this waits for the runs start() began.)
    await Promise.allSettled([ledgerInvariantsJob?.runOnce(), earningsReleaseJob.runOnce()]);
    await new Promise<void>((resolve) => app?.log.flush(() => resolve()));
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    say('');
    say(`Wellspring is running at http://localhost:${port}`);
    if (!['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.host))
      say(`  (listening on ${config.host}:${port})`);
    say(
      embedded
        ? `Database: embedded PostgreSQL 15 (data in ${config.dataDir})`
        : 'Database: external PostgreSQL (DATABASE_URL)',
    );
    if (config.seedDemoData) {
      say(seeded ? 'Demo data seeded. Demo accounts:' : 'Demo accounts:');
      const labelWidth = Math.max(...DEMO_ACCOUNTS.map((account) => account.label.length));
      const emailWidth = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
      for (const account of DEMO_ACCOUNTS)
        say(
          `  ${account.label.padEnd(labelWidth)} ${account.email.padEnd(emailWidth)} password: ${account.password}`,
        );
    }
    if (config.mailboxEnabled) {
      say(`Mailbox (messages Wellspring would have sent): http://localhost:${port}/dev/mailbox`);
      if (config.mailboxOnNetwork) {
        const rule = '!'.repeat(78);
        say(rule);
        say(
          `!! HOST=${config.host}: other machines can reach this demo, which has no email or SMS provider.`,
        );
        say('!! The mailbox (sign-in and reset codes) is shown only on this machine, so people elsewhere');
        say('!! cannot confirm their address or reset a password. Configure SMTP_URL (and SMS) for that,');
        say('!! or leave HOST unset to listen on 127.0.0.1 only.');
        say(rule);
      } else {
        say('  (only on this machine: Wellspring listens on loopback while the mailbox is on)');
      }
      if (!embedded) {
        say('Warning: the mailbox is on with an external database. Configure SMTP_URL (and SMS) or set');
        say('MAILBOX_ENABLED=false outside a demo.');
      }
    }
    say('Press Ctrl-C to stop.');
  } catch (error) {
    process.stderr.write(
      `Wellspring failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    await outboxJob?.stop().catch(() => undefined);
    await ledgerInvariantsJob?.stop().catch(() => undefined);
    await earningsReleaseJob?.stop().catch(() => undefined);
    await sessionLifecycleJob?.stop().catch(() => undefined);
    await realtimeRetentionJob?.stop().catch(() => undefined);
    await reviewVisibilityJob?.stop().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}

void main();
