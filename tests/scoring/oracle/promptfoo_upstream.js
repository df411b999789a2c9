#!/usr/bin/env node
// Differential oracle: the published promptfoo package's context-faithfulness matcher.
//
// Usage: node promptfoo_upstream.js DIR, where DIR is a directory in which
// `npm install promptfoo@VERSION` was run (it holds node_modules/promptfoo).
// Input: JSON lines {"statements_output": str, "grader_output": str, "threshold": number}.
// Each case runs assertions.matchesContextFaithfulness with a scripted grader provider that
// answers the statement prompt with statements_output and the verdict prompt with grader_output.
// Output: one JSON line per case, {"score": number | "NaN" | "Infinity" | "-Infinity" | "-0",
// "pass": bool, "reason": str, "graderError": bool, "calls": [labels]}. The first line written is
// {"version": "..."} so the caller knows which release answered.
'use strict';

process.env.PROMPTFOO_DISABLE_TELEMETRY = '1';
process.env.PROMPTFOO_DISABLE_UPDATE = '1';

const path = require('node:path');
const readline = require('node:readline');

const dir = process.argv[2];
const pkg = path.join(dir, 'node_modules', 'promptfoo');
const promptfoo = require(pkg);
const version = require(path.join(pkg, 'package.json')).version;
const matcher = promptfoo.assertions.matchesContextFaithfulness;

function encodeScore(x) {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (Object.is(x, -0)) return '-0';
  return x;
}

async function grade(input) {
  const calls = [];
  const provider = {
    id: () => 'faithcompat-scripted-grader',
    callApi: async (_prompt, context) => {
      const label = context?.prompt?.label ?? '';
      calls.push(label);
      return { output: label.endsWith('-nli') ? input.grader_output : input.statements_output };
    },
  };
  const result = await matcher('question', 'answer', 'context', input.threshold, { provider }, {}, undefined);
  return {
    score: encodeScore(result.score),
    pass: result.pass,
    reason: result.reason,
    graderError: Boolean(result.metadata?.graderError),
    calls,
  };
}

async function main() {
  process.stdout.write(JSON.stringify({ version }) + '\n');
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    const out = await grade(JSON.parse(line));
    process.stdout.write(JSON.stringify(out) + '\n');
  }
  process.exit(0); // the package keeps handles open (telemetry, caches)
}

main();
