import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compareHistory, parseHistory, renderComparison } from './lib/compare';
import { resultsDir } from './lib/report';

/**
 * `npm run bench:compare [-- <scenario>...] [--against SHA] [--threshold PERCENT]`
 *
 * Prints, for each scenario and goal in bench-results/history.jsonl, every figure of the newest entry
 * against the entry before it (or the newest entry of commit SHA), with the change in per cent and
 * `WORSE` where a figure moved the bad way by more than the threshold (default 10 %). It reads only
 * the history: run `npm run bench` first. Exit code 0 whatever moved (one run is noise on a shared
 * machine; it is a report, not a gate), 2 when the arguments or the history cannot be read.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { against: { type: 'string' }, threshold: { type: 'string' }, help: { type: 'boolean' } },
});

if (values.help) {
  process.stdout.write(
    'Usage: npm run bench:compare -- [scenario...] [--against SHA] [--threshold PERCENT]\n' +
      'The newest bench-results/history.jsonl entry of each goal against the one before it (or of SHA).\n',
  );
  process.exit(0);
}

const threshold = values.threshold === undefined ? 10 : Number(values.threshold);
if (!Number.isFinite(threshold) || threshold <= 0 || threshold > 1000) {
  process.stderr.write(`--threshold must be a per cent above 0, got '${values.threshold}'\n`);
  process.exit(2);
}

const historyFile = path.join(resultsDir, 'history.jsonl');
if (!fs.existsSync(historyFile)) {
  process.stderr.write(`bench:compare: ${historyFile} does not exist yet: run \`npm run bench\` first.\n`);
  process.exit(2);
}

const comparisons = compareHistory(parseHistory(fs.readFileSync(historyFile, 'utf8')), {
  scenarios: positionals,
  againstSha: values.against,
  threshold: threshold / 100,
});
if (values.against && comparisons.length === 0) {
  process.stderr.write(
    `bench:compare: no entry of commit ${values.against} to compare with in ${historyFile}.\n`,
  );
  process.exit(2);
}
process.stdout.write(`${renderComparison(comparisons, threshold / 100)}\n`);
