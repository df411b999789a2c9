"""Grader outputs written blind: layouts a careful person reads without doubt, drawn without reading the reader.

Written from how grader models (GPT-4o, Claude, Llama, Mistral, Qwen, Gemini, small local
models) answer promptfoo's legacy verdict prompt and the RAGAS NLI prompt, by a hand that
has not read ``compat/scoring``: only the prompts the graders receive, the scorers'
contracts and issue 33. Each layout is a function over the ``Chooser`` of
``tests/scoring/graders.py`` (seeded ``random.Random`` or Hypothesis) that returns a
``BlindOutput``: both grader calls and the reading a person gives them.

- ``layouts``: the development set (the reader's developer may read it);
- ``heldout``: a second, separate set (run it, do not read it while developing the reader);
- ``heldout2``: a third set, written blind as well (run it, do not read it while developing the reader);
- ``heldout3``: a fourth set, written blind by another hand (run it, do not read it while developing the reader);
- ``heldout4``: a fifth set, written blind by another hand again (run it, do not read it while developing the reader);
- ``heldout5``: a sixth set, written blind as well (run it, do not read it while developing the reader);
- ``heldout6``: a seventh set, written blind by another hand (run it, do not read it while developing the reader);
- ``heldout7``: an eighth set, written blind as well: small and mid-size models' everyday drift (run it, do not
  read it while developing the reader);
- ``heldout8``: a ninth set, written blind (RAGAS-prompt JSON drift, chat products; run it, do not read it while
  developing the reader);
- ``heldout9``: a tenth set, written blind (frontier models' verbose markdown drift: tables and sections,
  restated verdicts, quoted evidence, LaTeX, checkboxes, callouts, hedges, courteous declines; run it, do not
  read it while developing the reader);
- ``heldout10``: an eleventh set, written blind (grader outputs as evaluation pipelines store them: message
  reprs, DSPy predictions, log prefixes, flattened markdown and tables, HTML escapes, CRLF, max-tokens cuts,
  retries, restarted numbering, house phrases, trace exports; run it, do not read it while developing the reader);
- ``heldout11``: a twelfth set, written blind (how graders answer the prompt variants teams write: few-shot
  examples echoed, PASS/FAIL with an overall line, partial support with its rule, several criteria, grouped
  tables, abstentions, the team's language, count footers, key=value records, rubric scores, 1/0 totals, atomic
  facts, severities, refusals in the asked format; run it, do not read it while developing the reader);
- ``heldout12``: a thirteenth set, written blind (compact, machine-shaped answers: bit strings, ranges and
  run-length codes, numpy/torch, pandas, R and Julia prints, Enum and struct debug prints, protobuf text, YAML
  flow, columnar arrays, index sets, numbered tags, Lisp records, NLI pipeline labels, label/probability lines,
  refusals in those shapes; run it, do not read it while developing the reader);
- ``heldout13``: a fourteenth set, written blind (verdicts written up for people: audit findings with statuses,
  memos, e-mails, executive summaries, pull-request review threads, tracker tickets, Slack/Teams posts, slide
  outlines, referee reports, changelogs, reviewer FAQs, scorecards with legends, meeting minutes, and refusals or
  requests for more context written as the same documents; run it, do not read it while developing the reader);
- ``heldout14``: a fifteenth set, written blind (answers full of verdict-like words that are not verdicts:
  negated statements and statements about yes/no, context quotes with "No" or "Supported" inside, restated
  questions, conceding clauses, double negatives, polarity notes, the final line quoting each statement, yes/no
  sub-questions, evidence columns, corrections, double-check passes, idioms, and refusals worded the same way;
  run it, do not read it while developing the reader);
- ``heldout15``: a sixteenth set, written blind (graders prompted in the team's own language, answering wholly
  in it: the legacy blocks and final line translated, localized participles, native quotation marks, ○×△
  marks with their legend, circled numbers, Chinese enumerations, Arabic right-to-left lines, Hindi lines with
  Devanagari digits, Russian and Ukrainian numbered items, tables with localized headers, JSON keyed in the
  language's script, and refusals in each language; run it, do not read it while developing the reader);
- ``measure``: ``python -m tests.scoring.blind.measure --set NAME --seed S --n N`` (NAME: dev, heldout,
  heldout2, heldout3, heldout4, heldout5, heldout6, heldout7, heldout8, heldout9, heldout10, heldout11,
  heldout12, heldout13, heldout14, heldout15 or both);
- ``_draw``: what every layout shares (statements, truths, call 1, verdict words, framing).
"""
