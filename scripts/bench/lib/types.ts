import type { RoundSample, TargetSummary } from './measure';

/** What run.ts hands every scenario: the user's flags, unresolved (each scenario has its defaults). */
export type ScenarioOptions = {
  rounds: number | undefined;
  durationSec: number | undefined;
  /** Open-loop send rate per second (chat); undefined: the scenario's default. */
  rate?: number | undefined;
  quick: boolean;
  /** Progress lines (stderr), so stdout carries only the summary. */
  log: (line: string) => void;
};

export type GoalResult = {
  goal: string;
  pass: boolean;
  /** Why a goal failed: the bounds it missed (some scenarios) and errors, non-2xx answers, lost messages... */
  problems?: string[];
} & Record<string, unknown>;

export type ScenarioResult = {
  scenario: string;
  params: Record<string, unknown>;
  targets: TargetSummary[];
  rounds: RoundSample[];
  goals: GoalResult[];
  /** Anything a reader of the numbers should know (busy machine, waits...). */
  notes: string[];
};

export type Scenario = {
  name: string;
  description: string;
  run: (options: ScenarioOptions) => Promise<ScenarioResult>;
};
