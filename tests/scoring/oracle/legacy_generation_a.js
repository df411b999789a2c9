#!/usr/bin/env node
// Differential oracle for the legacy scorer (promptfoo "generation A", 0.114.2 to 0.120.26).
//
// Written from the description in docs/scoring.md (legacy), using real JavaScript string and
// number semantics (trim, toLowerCase, toFixed, String(number)) so that the Python port in
// compat/scoring/_legacy.py can be checked against them bit for bit.
//
// Input: JSON lines on stdin, each {"statements_output": str, "grader_output": str, "threshold": number}
// (strings JSON-escaped, so a raw line holds no CR, LF or U+2028).
// Output: one JSON line per input line, {"score": number | "NaN" | "Infinity" | "-Infinity" | "-0",
// "pass": bool, "reason": str}. Non-finite scores (and -0, which JSON.stringify would print as 0)
// are written as strings.
'use strict';

const readline = require('node:readline');

const HEADER = 'final verdict for each statement in order:';
const NO_MARKER = 'verdict: no';

function statementsOf(call1) {
  return call1.split('\n').filter((piece) => piece.trim() !== '');
}

function countBad(call2) {
  const v = call2.toLowerCase().trim();
  const at = v.indexOf(HEADER);
  if (at !== -1) {
    const tail = v.slice(at + HEADER.length);
    return tail.split('.').filter((piece) => piece.trim() !== '' && !piece.includes('yes')).length;
  }
  return v.split(NO_MARKER).length - 1;
}

function grade(call1, call2, threshold) {
  if (!call1 || !call2) {
    return { score: 0, pass: false, reason: 'No output' };
  }
  const n = statementsOf(call1).length;
  const bad = countBad(call2);
  const score = 1 - bad / n;
  const pass = score >= threshold - Number.EPSILON;
  const reason = 'Faithfulness ' + score.toFixed(2) + (pass ? ' is >= ' : ' is < ') + String(threshold);
  return { score, pass, reason };
}

function encodeScore(x) {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (Object.is(x, -0)) return '-0';
  return x;
}

function main() {
  // One result line per input line, written as soon as the line is read, so that a caller can
  // either stream cases one at a time over a single long-lived process or pipe a whole batch.
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line === '') return;
    const input = JSON.parse(line);
    const result = grade(input.statements_output, input.grader_output, input.threshold);
    process.stdout.write(
      JSON.stringify({ score: encodeScore(result.score), pass: result.pass, reason: result.reason }) + '\n',
    );
  });
}

main();
