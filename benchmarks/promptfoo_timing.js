#!/usr/bin/env node
// Times the published promptfoo's context-faithfulness matcher (assertions.matchesContextFaithfulness)
// per case, in process: node's start-up and the loading of the package are not timed, whatever
// promptfoo does per case is (its prompt templates rendered by nunjucks, its default providers looked
// up, its logging, its own reading of the verdicts). The grader is a scripted provider object that
// answers call 1 (the statements prompt) with the case's statements_output and call 2 (the verdicts
// prompt) with its grader_output: no network. As tests/scoring/oracle/promptfoo_upstream.js drives it.
//
// Cases: JSON lines, each {"id", "statements_output", "grader_output", "threshold"} and, when present,
// "question", "answer" and "contexts" (joined by a blank line), which promptfoo renders into its prompts.
//
//   node promptfoo_timing.js DIR [--rounds R] [--warmup W] [FILE | -]
//       DIR holds node_modules/promptfoo. Warms up (W passes over the cases, untimed), then times R
//       rounds and prints one JSON object: us_per_case (best round), the rounds, each case's best
//       time, and each case's score, pass and reason.
//   node promptfoo_timing.js DIR --serve NAME=FILE [NAME=FILE ...] [--warmup W]
//       For benchmarks/bench_scorers.py --against-promptfoo, which interleaves these rounds with its
//       own: loads every corpus, warms up, prints the scores, then times one pass over the cases
//       FROM to TO (excluded) of corpus NAME per line "NAME FROM TO" read on stdin. Every answer is one
//       line starting with "@@faithcompat " (anything else on stdout is the package's own).
//
// The environment: promptfoo looks up its default providers on every call, even when the grading
// provider is given; with no provider credentials in the environment it also probes for Google
// credentials (google-auth-library, a metadata-server lookup that fails offline and warns). Unless
// OPENAI_API_KEY is set, a placeholder is: the usual set-up (promptfoo's default grader is OpenAI's).
// No request is made with it; without it the figures were the same within the noise (2026-11-28).
'use strict';

process.env.PROMPTFOO_DISABLE_TELEMETRY = '1';
process.env.PROMPTFOO_DISABLE_UPDATE = '1';
process.env.OPENAI_API_KEY = process.env.OPENAI_API_KEY || 'faithcompat-benchmark-placeholder';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const TAG = '@@faithcompat ';

function parseArgs(argv) {
  const args = { dir: null, rounds: 5, warmup: 3, serve: false, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--rounds') args.rounds = Number(argv[++i]);
    else if (arg === '--warmup') args.warmup = Number(argv[++i]);
    else if (arg === '--serve') args.serve = true;
    else if (args.dir === null) args.dir = arg;
    else args.files.push(arg);
  }
  if (args.dir === null || !(args.rounds >= 1) || !(args.warmup >= 0)) {
    process.stderr.write('usage: promptfoo_timing.js DIR [--rounds R] [--warmup W] [FILE | -] | --serve NAME=FILE...\n');
    process.exit(2);
  }
  return args;
}

function readCases(file) {
  const text = fs.readFileSync(file === '-' ? 0 : file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const c = JSON.parse(line);
      return {
        id: c.id,
        statements_output: c.statements_output,
        grader_output: c.grader_output,
        threshold: c.threshold ?? 0.5,
        question: c.question ?? 'question',
        answer: c.answer ?? 'answer',
        context: Array.isArray(c.contexts) && c.contexts.length ? c.contexts.join('\n\n') : 'context',
      };
    });
}

function encodeScore(x) {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (Object.is(x, -0)) return '-0';
  return x;
}

function makeGrader(matcher) {
  // One scripted provider for every case: `current` is the case being graded.
  let current = null;
  let calls = 0;
  const provider = {
    id: () => 'faithcompat-scripted-grader',
    callApi: async (_prompt, context) => {
      calls += 1;
      const label = context?.prompt?.label ?? '';
      return { output: label.endsWith('-nli') ? current.grader_output : current.statements_output };
    },
  };
  const grading = { provider };
  const grade = (c) => {
    current = c;
    return matcher(c.question, c.answer, c.context, c.threshold, grading, {}, undefined);
  };
  return { grade, calls: () => calls };
}

// One pass over cases[from, to): the wall time of the whole pass (seconds), and each case's time (ns).
async function timedPass(grade, cases, perCase, from = 0, to = cases.length) {
  const start = process.hrtime.bigint();
  for (let i = from; i < to; i++) {
    const t0 = process.hrtime.bigint();
    await grade(cases[i]);
    perCase[i] = Number(process.hrtime.bigint() - t0);
  }
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function scoresOf(grader, cases) {
  const before = grader.calls();
  const out = { score: [], pass: [], reason: [], grader_error: [] };
  for (const c of cases) {
    const r = await grader.grade(c);
    out.score.push(encodeScore(r.score));
    out.pass.push(r.pass);
    out.reason.push(r.reason);
    out.grader_error.push(Boolean(r.metadata?.graderError));
  }
  out.calls = grader.calls() - before;
  return out;
}

async function warmUp(grader, cases, passes) {
  const scratch = new Array(cases.length);
  const start = process.hrtime.bigint();
  for (let p = 0; p < passes; p++) await timedPass(grader.grade, cases, scratch);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function write(object, tag = TAG) {
  return new Promise((resolve) => process.stdout.write(tag + JSON.stringify(object) + '\n', resolve));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const pkg = path.join(path.resolve(args.dir), 'node_modules', 'promptfoo');
  const loadStart = process.hrtime.bigint();
  const promptfoo = require(pkg);
  const loadSeconds = Number(process.hrtime.bigint() - loadStart) / 1e9;
  const version = require(path.join(pkg, 'package.json')).version;
  const grader = makeGrader(promptfoo.assertions.matchesContextFaithfulness);
  const header = { version, node: process.version, load_seconds: loadSeconds, warmup_passes: args.warmup };

  if (!args.serve) {
    const cases = readCases(args.files[0] ?? '-');
    const scores = await scoresOf(grader, cases);
    const warmup = await warmUp(grader, cases, args.warmup);
    const perCase = new Array(cases.length);
    const best = new Array(cases.length).fill(Infinity);
    const rounds = [];
    for (let r = 0; r < args.rounds; r++) {
      rounds.push(await timedPass(grader.grade, cases, perCase));
      for (let i = 0; i < cases.length; i++) best[i] = Math.min(best[i], perCase[i]);
    }
    const bestRound = Math.min(...rounds);
    await write({
      ...header,
      warmup_seconds: warmup,
      cases: cases.length,
      rounds: rounds,
      best_seconds: bestRound,
      us_per_case: (bestRound / cases.length) * 1e6,
      per_case_us: best.map((ns) => ns / 1e3),
      ids: cases.map((c) => c.id),
      ...scores,
    }, '');
    process.exit(0); // the package keeps handles open (telemetry, caches)
  }

  const corpora = {};
  for (const spec of args.files) {
    const at = spec.indexOf('=');
    corpora[spec.slice(0, at)] = readCases(spec.slice(at + 1));
  }
  const scores = {};
  const warmup = {};
  for (const [name, cases] of Object.entries(corpora)) {
    scores[name] = await scoresOf(grader, cases);
    warmup[name] = await warmUp(grader, cases, args.warmup);
  }
  await write({ ...header, warmup_seconds: warmup, scores });
  const perCase = Object.fromEntries(Object.entries(corpora).map(([name, cases]) => [name, new Array(cases.length)]));
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const [name, fromText, toText] = line.trim().split(/\s+/);
    const cases = corpora[name];
    const from = Number(fromText ?? 0);
    const to = Number(toText ?? cases?.length);
    if (cases === undefined || !(from >= 0 && from < to && to <= cases.length)) {
      await write({ error: `no such cases: ${line.trim()}` });
      continue;
    }
    const seconds = await timedPass(grader.grade, cases, perCase[name], from, to);
    await write({ corpus: name, from, to, seconds, per_case_us: perCase[name].slice(from, to).map((ns) => ns / 1e3) });
  }
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(String(error?.stack ?? error) + '\n');
  process.exit(1);
});
