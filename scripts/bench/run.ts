import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chatScenario, chatTwoInstancesScenario } from './chat';
import { chatSweepScenario } from './chat-sweep';
import { discoveryScenario } from './discovery';
import { httpScenario } from './http';
import { messagesScenario } from './messages';
import { ringScenario } from './request-to-ring';
import { socketsScenario } from './sockets';
import { walletScenario } from './wallet';
import { webScenario } from './web';
import { killAllServersNow, repoRoot, stopAllServers } from './lib/children';
import { summarizeProfileDir } from './lib/cpu-profile';
import { gitState, machineInfo, renderTable, resultsDir, saveResult } from './lib/report';
import type { Scenario, ScenarioResult } from './lib/types';

/**
 * `npm run bench [-- <scenario>...] [--rounds N] [--duration S] [--rate N] [--quick]`
 *
 * Runs the named scenarios (default: all) one after another. stdout gets one JSON line per goal
 * and a readable table; progress goes to stderr. Results: bench-results/<scenario>-<sha>.json and
 * bench-results/history.jsonl. Exit code: 0 all goals pass, 1 a goal failed, 2 the harness failed,
 * 130 interrupted.
 */

/** Registration order is run order. */
const scenarios: Scenario[] = [
  httpScenario,
  discoveryScenario,
  walletScenario,
  ringScenario,
  chatScenario,
  chatTwoInstancesScenario,
  chatSweepScenario,
  messagesScenario,
  socketsScenario,
  webScenario,
];

const usage = `Usage: npm run bench -- [scenario...] [--rounds N] [--duration SECONDS] [--rate N] [--quick]

Scenarios (default: all):
${scenarios.map((scenario) => `  ${scenario.name.padEnd(10)} ${scenario.description}`).join('\n')}

  --rounds N        measured rounds per target (default per scenario; http: 5)
  --duration S      seconds per round (default per scenario; http: 5)
  --rate N          messages per second sent open-loop (chat: default 1 per session; messages: 200)
  --quick           3 rounds of 3 s (explicit --rounds/--duration still win)
  --profile         each server child writes a CPU profile to bench-results/profiles/<sha>/<scenario>/,
                    summarised (top areas and functions by self time) in summary.md there
  --db-statements   the embedded PostgreSQL counts statements (pg_stat_statements, nested ones too) and
                    plpgsql functions from the moment the app is ready: <scenario>-db.md in that folder
                    (scenarios on lib/bench-database.ts: wallet, chat, ring, sockets, messages)
`;

const log = (line: string) => process.stderr.write(`${line}\n`);

function parseCount(value: string | undefined, flag: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max) {
    throw new Error(`--${flag} must be a whole number from 1 to ${max}, got '${value}'`);
  }
  return parsed;
}

function parseCommandLine() {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      rounds: { type: 'string' },
      duration: { type: 'string' },
      rate: { type: 'string' },
      quick: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'db-statements': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const unknown = positionals.filter((name) => !scenarios.some((scenario) => scenario.name === name));
  if (unknown.length > 0) throw new Error(`Unknown scenario: ${unknown.join(', ')}`);
  const selected =
    positionals.length === 0
      ? scenarios
      : scenarios.filter((scenario) => positionals.includes(scenario.name));
  return {
    help: values.help,
    selected,
    rounds: parseCount(values.rounds, 'rounds', 100),
    durationSec: parseCount(values.duration, 'duration', 600),
    rate: parseCount(values.rate, 'rate', 10_000),
    quick: values.quick,
    profile: values.profile,
    dbStatements: values['db-statements'],
  };
}

/**
 * Ctrl-C / SIGTERM: stop the children gracefully (the app closes before its database), then exit.
 * A second signal more than a second later forces it (npm may forward the same Ctrl-C twice).
 */
function installSignalHandlers() {
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt > 0) {
      if (Date.now() - firstAt > 1000) {
        log('Forced exit.');
        killAllServersNow();
        process.exit(130);
      }
      return;
    }
    firstAt = Date.now();
    log(`\n${signal}: stopping the servers under test (Ctrl-C again to force)...`);
    const force = setTimeout(() => {
      killAllServersNow();
      process.exit(130);
    }, 40_000);
    force.unref();
    void stopAllServers().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  // Whatever else ends us (uncaught error, process.exit): no child or temp dir is left behind.
  process.on('exit', killAllServersNow);
}

/** A fresh bench-results/profiles/<sha>/<scenario>/ that the server children write their profiles to. */
function startProfiling(sha: string, scenario: string): string {
  const dir = path.join(resultsDir, 'profiles', sha, scenario);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  process.env.BENCH_CPU_PROFILE_DIR = dir;
  return dir;
}

/** The folder the children write their statement counts to (lib/db-statements.ts). */
function countStatements(sha: string, scenario: string): string {
  const dir = path.join(resultsDir, 'profiles', sha, scenario);
  fs.mkdirSync(dir, { recursive: true });
  process.env.BENCH_DB_STATEMENTS_DIR = dir;
  return dir;
}

async function main(): Promise<number> {
  let command: ReturnType<typeof parseCommandLine>;
  try {
    command = parseCommandLine();
  } catch (error) {
    log(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  if (command.help) {
    process.stdout.write(usage);
    return 0;
  }
  installSignalHandlers();

  const git = gitState();
  const machine = machineInfo();
  log(
    `bench: ${command.selected.map((scenario) => scenario.name).join(', ')} at ${git.sha}${git.dirty ? ' (uncommitted changes)' : ''}, ` +
      `node ${machine.node}, ${machine.cpus} CPUs, load ${machine.loadAvg1mAtStart}`,
  );

  let allPass = true;
  for (const scenario of command.selected) {
    const startedAt = new Date().toISOString();
    const profileDir = command.profile ? startProfiling(git.sha, scenario.name) : undefined;
    const statementsDir = command.dbStatements ? countStatements(git.sha, scenario.name) : undefined;
    let result: ScenarioResult;
    try {
      result = await scenario.run({
        rounds: command.rounds,
        durationSec: command.durationSec,
        rate: command.rate,
        quick: command.quick,
        log,
      });
    } catch (error) {
      log(
        `bench: scenario ${scenario.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      await stopAllServers();
      return 2;
    }
    if (profileDir)
      log(`bench: CPU profiles and their summary: ${summarizeProfileDir(profileDir, repoRoot)}`);
    if (statementsDir) log(`bench: database statements: ${path.relative(repoRoot, statementsDir)}/*-db.md`);
    const file = saveResult(result, { git, startedAt, machine });
    for (const goal of result.goals) {
      process.stdout.write(`${JSON.stringify(goal)}\n`);
      allPass &&= goal.pass;
    }
    process.stdout.write(`\n${renderTable(result)}\nresults: ${file}\n\n`);
  }
  return allPass ? 0 : 1;
}

main().then(
  async (code) => {
    await stopAllServers(); // normally nothing is left; a no-op then
    process.exit(code);
  },
  async (error: unknown) => {
    log(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await stopAllServers();
    process.exit(2);
  },
);
