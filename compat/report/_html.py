"""The drift report as one self-contained HTML5 page (``report.html``), built for deciding.

The first screen answers "do we switch, and why": a short title, the rollout verdict
(GO / HOLD / NO-GO) with the criteria that decided it, and four charts (outcomes,
causes, the delta histogram, the pass/fail flip matrix as a heat map). Below: the
largest drifts, a case explorer (sort by any column, filter by outcome, cause and tag,
search, pages of 50, a case opens in a dialog with what each scorer read), cohorts as
a sortable table with bars, then the detail sections.

A pure function of a ``DriftReport``, the case lines to hold and an optional decision:
inline CSS, one inline script, inline SVG, no URL of any kind, so the page renders
offline and byte for byte the same for the same input.

Safety: every string from the corpus or the report that lands in markup goes through
``_esc`` (``html.escape(..., quote=True)`` after making control characters and lone
surrogates printable). The cases travel as JSON in a ``<script type="application/json">``
block, with every ``<`` written as ``\\u003c`` so no text can close it; the script puts
them on the page with ``textContent`` only, never as markup. The script is a constant
and holds no corpus data; a Content-Security-Policy allows it by its SHA-256 and
nothing else, so injected markup could not run even if a string escaped its escaping.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import quote

from compat._text import ROUNDING_NOISE, format_change
from compat.diff import DriftReport, HistogramBin, JsonScore

PAGE_ROWS = 50  # case rows per page of the explorer (mirrored in _SCRIPT)
TEXT_CHARS = 4000  # a grader text longer than this is cut in the page (cases.jsonl has it whole)
CAUSE_BARS = 8  # causes drawn on the first screen; the rest are summed into one bar

_SCRIPT = r"""
(function () {
  "use strict";
  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }
  function blank(v) { return v === null || v === undefined || v === ""; }

  // Static tables with sortable columns (cohorts, causes): cells carry data-value.
  function sortable(table) {
    var buttons = table.querySelectorAll("thead button[data-col]");
    function sortBy(button) {
      var col = Number(button.getAttribute("data-col"));
      var th = button.parentNode;
      var dir = th.getAttribute("aria-sort") === "descending" ? "ascending" : "descending";
      var heads = table.querySelectorAll("thead th");
      for (var h = 0; h < heads.length; h++) { heads[h].removeAttribute("aria-sort"); }
      th.setAttribute("aria-sort", dir);
      var body = table.tBodies[0];
      var list = Array.prototype.slice.call(body.rows);
      list.forEach(function (row, n) { row.setAttribute("data-n", String(n)); });
      list.sort(function (a, b) {
        var x = a.cells[col].getAttribute("data-value"), y = b.cells[col].getAttribute("data-value");
        var nx = Number(x), ny = Number(y), c;
        if (!blank(x) && !blank(y) && !isNaN(nx) && !isNaN(ny)) { c = nx - ny; }
        else { c = x < y ? -1 : (x > y ? 1 : 0); }
        if (dir === "descending") { c = -c; }
        return c || Number(a.getAttribute("data-n")) - Number(b.getAttribute("data-n"));
      });
      list.forEach(function (row) { body.appendChild(row); });
    }
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].addEventListener("click", function (event) { sortBy(event.currentTarget); });
    }
  }
  var tables = document.querySelectorAll("table.sortable");
  for (var t = 0; t < tables.length; t++) { sortable(tables[t]); }

  // The case explorer.
  var data = $("case-data"), app = $("case-app");
  if (!data || !app) { return; }
  var rows = JSON.parse(data.textContent);
  var PAGE = 50;
  var control = app.getAttribute("data-control"), candidate = app.getAttribute("data-candidate");
  var byId = {};
  rows.forEach(function (r, n) {
    r._n = n;
    r._size = typeof r.delta === "number" ? Math.abs(r.delta) : null;
    r._text = [r.id, r.tags.join(" "), r.outcome, r.cause || "", r.control_reason, r.candidate_reason]
      .join("\n").toLowerCase();
    if (!Object.prototype.hasOwnProperty.call(byId, r.id)) { byId[r.id] = r; }
  });
  function num(v) { return typeof v === "number" ? v : null; }
  var keys = {
    id: function (r) { return r.id; },
    tags: function (r) { return r.tags.join(" "); },
    outcome: function (r) { return r.outcome; },
    cause: function (r) { return r.cause; },
    control: function (r) { return num(r.control_score); },
    candidate: function (r) { return num(r.candidate_score); },
    delta: function (r) { return r.delta; },
    size: function (r) { return r._size; }
  };
  var defaults = { outcome: "all", cause: "all", tag: "all", q: "", sort: "size", dir: "desc", page: "0" };
  var state = {};
  function reset() { for (var k in defaults) { state[k] = defaults[k]; } }
  reset();
  var outcome = $("f-outcome"), cause = $("f-cause"), tag = $("f-tag"), search = $("f-search");
  var body = $("case-rows"), shown = $("visible-count"), info = $("page-info");
  var prev = $("page-prev"), next = $("page-next"), dialog = $("case-dialog");
  var sorters = app.querySelectorAll("thead button[data-sort]");

  function keep(r) {
    if (state.outcome === "differing") { if (r.outcome === "match") { return false; } }
    else if (state.outcome !== "all" && r.outcome !== state.outcome) { return false; }
    if (state.cause !== "all" && (r.cause || "none") !== state.cause) { return false; }
    if (state.tag !== "all" && r.tags.indexOf(state.tag) < 0) { return false; }
    return !state.q || r._text.indexOf(state.q.toLowerCase()) >= 0;
  }
  function order(a, b) {
    var key = keys[state.sort] || keys.size;
    var x = key(a), y = key(b);
    if (blank(x)) { return blank(y) ? a._n - b._n : 1; }  // no value: last, whichever the direction
    if (blank(y)) { return -1; }
    var c = x < y ? -1 : (x > y ? 1 : 0);
    if (state.dir === "desc") { c = -c; }
    return c || a._n - b._n;
  }
  function score(value, passed) {
    var cell = el("td", "num");
    cell.appendChild(el("span", "", blank(value) ? "—" : (typeof value === "number" ? value.toFixed(4) : value)));
    cell.appendChild(el("span", passed ? "pass" : "fail", passed ? " pass" : " fail"));
    return cell;
  }
  function signed(value) {
    if (typeof value !== "number") { return "—"; }
    return (value > 0 ? "+" : "") + value.toFixed(4);
  }
  function row(r) {
    var tr = el("tr");
    tr.tabIndex = 0;
    tr.setAttribute("data-outcome", r.outcome);
    tr.setAttribute("data-cause", r.cause || "");
    if (r.cause === "unexplained") { tr.className = "unexplained"; }
    var id = el("th", "id");
    id.scope = "row";
    id.appendChild(el("code", "", r.id));
    tr.appendChild(id);
    var tags = el("td");
    r.tags.forEach(function (t) { tags.appendChild(el("span", "tag", t)); });
    tr.appendChild(tags);
    tr.appendChild(el("td", "outcome-" + r.outcome, r.outcome));
    tr.appendChild(el("td", "cause", r.cause || "—"));
    tr.appendChild(score(r.control_score, r.control_passed));
    var cand = score(r.candidate_score, r.candidate_passed);
    if (r.candidate_status !== "scored") {
      cand.appendChild(el("div", "muted", r.candidate_status + (r.candidate_cause ? ": " + r.candidate_cause : "")));
    }
    tr.appendChild(cand);
    tr.appendChild(el("td", "num", signed(r.delta)));
    tr.addEventListener("click", function () { open(r.id, true); });
    tr.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); open(r.id, true); }
    });
    return tr;
  }
  function render() {
    var list = rows.filter(keep).sort(order);
    var pages = Math.max(1, Math.ceil(list.length / PAGE));
    var page = Math.min(Math.max(Number(state.page) || 0, 0), pages - 1);
    state.page = String(page);
    while (body.firstChild) { body.removeChild(body.firstChild); }
    var fragment = document.createDocumentFragment();
    list.slice(page * PAGE, page * PAGE + PAGE).forEach(function (r) { fragment.appendChild(row(r)); });
    body.appendChild(fragment);
    shown.textContent = list.length.toLocaleString("en-US");
    info.textContent = "page " + (page + 1) + " of " + pages;
    prev.disabled = page === 0;
    next.disabled = page >= pages - 1;
    app.setAttribute("data-shown", String(list.length));
    for (var i = 0; i < sorters.length; i++) {
      var th = sorters[i].parentNode;
      if (sorters[i].getAttribute("data-sort") === state.sort) {
        th.setAttribute("aria-sort", state.dir === "desc" ? "descending" : "ascending");
      } else { th.removeAttribute("aria-sort"); }
    }
    outcome.value = state.outcome; cause.value = state.cause; tag.value = state.tag;
    if (search.value !== state.q) { search.value = state.q; }
  }
  function save(extra) {
    var params = new URLSearchParams();
    for (var k in defaults) { if (state[k] !== defaults[k]) { params.set(k, state[k]); } }
    if (extra) { params.set("case", extra); }
    var text = params.toString();
    try { history.replaceState(null, "", text ? "#" + text : location.pathname + location.search); }
    catch (e) { /* file: URLs may refuse */ }
  }
  function change(key, value) {
    state[key] = value;
    if (key !== "page") { state.page = "0"; }
    render(); save();
  }
  outcome.addEventListener("change", function () { change("outcome", outcome.value); });
  cause.addEventListener("change", function () { change("cause", cause.value); });
  tag.addEventListener("change", function () { change("tag", tag.value); });
  search.addEventListener("input", function () { change("q", search.value); });
  prev.addEventListener("click", function () { change("page", String(Number(state.page) - 1)); });
  next.addEventListener("click", function () { change("page", String(Number(state.page) + 1)); });
  for (var s = 0; s < sorters.length; s++) {
    sorters[s].addEventListener("click", function (event) {
      var key = event.currentTarget.getAttribute("data-sort");
      var first = key === "id" || key === "tags" || key === "outcome" || key === "cause" ? "asc" : "desc";
      state.dir = state.sort === key ? (state.dir === "desc" ? "asc" : "desc") : first;
      change("sort", key);
    });
  }

  // One case in the dialog: both sides, what each read, the grader's texts.
  function texts(box, t, title) {
    if (!t) { box.appendChild(el("p", "muted", title + ": the grader call failed; nothing was read.")); return; }
    box.appendChild(el("h4", "", title));
    if (t.statements_output !== null) {
      box.appendChild(el("h5", "", "Call 1: statements"));
      box.appendChild(el("pre", "", t.statements_output));
    } else if (t.statements) {
      box.appendChild(el("h5", "", "Statements (given as a list)"));
      var ol = el("ol");
      t.statements.forEach(function (x) { ol.appendChild(el("li", "", x)); });
      box.appendChild(ol);
    }
    box.appendChild(el("h5", "", "Call 2: verdicts"));
    box.appendChild(el("pre", "", t.grader_output === "" ? "(empty)" : t.grader_output));
  }
  function side(r, which, name) {
    var box = el("div", "side");
    var isControl = which === "control";
    box.appendChild(el("h3", "", (isControl ? "control " : "candidate ") + name));
    var dl = el("dl");
    function item(k, v) { dl.appendChild(el("dt", "", k)); dl.appendChild(el("dd", "", v)); }
    var value = r[which + "_score"];
    item("score", blank(value) ? "— (undetermined)" : (typeof value === "number" ? value.toFixed(4) : value));
    item("passed", r[which + "_passed"] ? "pass" : "fail");
    if (!isControl) {
      item("status", r.candidate_status + (r.candidate_cause ? ": " + r.candidate_cause : ""));
      if (r.candidate_format) { item("read from", r.candidate_format); }
      if (r.candidate_warnings.length) { item("warnings", r.candidate_warnings.join(", ")); }
    }
    item("reason", r[which + "_reason"]);
    box.appendChild(dl);
    var d = r.detail;
    if (d) {
      var read = d[which + "_read"];
      box.appendChild(el("h4", "", "Verdicts as " + name + " read them"));
      if (isControl && d.control_note) { box.appendChild(el("p", "muted", d.control_note)); }
      if (read.length) {
        var ol = el("ol", "verdicts");
        read.forEach(function (v) {
          var li = el("li", v.verdict === 1 ? "yes" : (v.verdict === 0 ? "no" : "none"));
          li.appendChild(el("b", "", v.verdict === 1 ? "✓ yes " : (v.verdict === 0 ? "✗ no " : "– none ")));
          li.appendChild(el("span", "", v.text));
          if (v.reason) { li.appendChild(el("div", "muted", v.reason)); }
          ol.appendChild(li);
        });
        box.appendChild(ol);
      } else if (!(isControl && d.control_note)) {
        box.appendChild(el("p", "muted", "No verdict was read."));
      }
      if (!d.same_texts) { texts(box, isControl ? d.control_texts : d.candidate_texts, "What " + name + " read"); }
    }
    return box;
  }
  function open(id, remember) {
    var r = Object.prototype.hasOwnProperty.call(byId, id) ? byId[id] : null;
    var content = $("case-dialog-body");
    while (content.firstChild) { content.removeChild(content.firstChild); }
    if (!r) {
      content.appendChild(el("p", "", "This case is not held in the page; cases.jsonl has every case."));
    } else {
      var head = el("p", "case-head");
      head.appendChild(el("code", "", r.id));
      head.appendChild(el("span", "outcome-" + r.outcome, " " + r.outcome));
      if (r.cause) { head.appendChild(el("span", "cause", " · " + r.cause)); }
      head.appendChild(el("span", "muted", " · Δ " + signed(r.delta)));
      content.appendChild(head);
      var sides = el("div", "sides");
      sides.appendChild(side(r, "control", control));
      sides.appendChild(side(r, "candidate", candidate));
      content.appendChild(sides);
      if (r.detail && r.detail.same_texts) {
        var both = el("div", "texts");
        texts(both, r.detail.control_texts, "The grader's output (both scorers read it)");
        content.appendChild(both);
      } else if (!r.detail) {
        content.appendChild(el("p", "muted",
          "The scorers agree on this case, so cases.jsonl keeps no copy of its grader texts: they are in the corpus."));
      }
    }
    if (remember) { save(id); }
    if (!dialog.open) { dialog.showModal(); }
  }
  $("case-dialog-close").addEventListener("click", function () { dialog.close(); });
  dialog.addEventListener("close", function () { save(); });
  function fromHash() {
    var text = location.hash.replace(/^#/, "");
    if (text.indexOf("=") < 0) { return; }
    var params = new URLSearchParams(text);
    reset();
    for (var k in defaults) { if (params.has(k)) { state[k] = params.get(k); } }
    render();
    if (params.has("case")) { open(params.get("case"), false); }
  }
  window.addEventListener("hashchange", fromHash);
  $("case-controls").hidden = false;
  render();
  fromHash();
})();
"""

SCRIPT_SHA256 = base64.b64encode(hashlib.sha256(_SCRIPT.encode("utf-8")).digest()).decode("ascii")

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; "
    f"script-src 'sha256-{SCRIPT_SHA256}'; "
    "style-src 'unsafe-inline'; "
    "img-src data:; "
    "base-uri 'none'; "
    "form-action 'none'"
)

_STYLE = """
:root {
  color-scheme: light dark;
  --fg: #1b1f24; --muted: #57606a; --bg: #ffffff; --panel: #f6f8fa; --line: #d0d7de;
  --accent: #0969da; --bad: #cf222e; --warn: #9a6700; --good: #1a7f37; --bar: #0969da; --out: #8250df;
}
@media (prefers-color-scheme: dark) {
  :root {
    --fg: #e6edf3; --muted: #8d96a0; --bg: #0d1117; --panel: #161b22; --line: #30363d;
    --accent: #4493f8; --bad: #f85149; --warn: #d29922; --good: #3fb950; --bar: #4493f8; --out: #ab7df8;
  }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body {
  margin: 0 auto; padding: .75rem 1.25rem 3rem; max-width: 90rem; color: var(--fg); background: var(--bg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
h1 { font-size: 1.35rem; margin: .1rem 0 .35rem; }
h2 { font-size: 1.1rem; margin: 1.75rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
h3 { font-size: 1rem; margin: .3rem 0; }
h4 { font-size: .95rem; margin: .7rem 0 .2rem; }
h5 { font-size: .85rem; margin: .5rem 0 .15rem; color: var(--muted); }
p { margin: .4rem 0; }
code, .mono, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .92em; }
code { unicode-bidi: isolate; overflow-wrap: break-word; }
pre { white-space: pre-wrap; overflow-wrap: break-word; background: var(--panel); border: 1px solid var(--line);
  border-radius: .3rem; padding: .4rem .55rem; margin: .2rem 0; max-height: 24rem; overflow: auto; }
.muted { color: var(--muted); }
.tool { color: var(--muted); margin: 0; font-size: .9em; }
.decision { display: grid; grid-template-columns: minmax(11rem, max-content) 1fr; gap: .3rem 1.25rem;
  align-items: start; border: 1px solid var(--line); border-radius: .5rem; padding: .6rem .8rem;
  background: var(--panel); }
.badge { font-size: 1.9rem; font-weight: 800; letter-spacing: .02em; line-height: 1.1; }
.badge.go { color: var(--good); } .badge.hold { color: var(--warn); } .badge.no-go { color: var(--bad); }
.badge.info { color: var(--accent); font-size: 1.3rem; }
.move { color: var(--muted); }
ul.criteria { list-style: none; padding: 0; margin: 0; display: grid;
  grid-template-columns: repeat(auto-fill, minmax(21rem, 1fr)); gap: .1rem 1rem; }
ul.criteria li { padding: .05rem 0; }
ul.criteria li.failed { font-weight: 600; }
ul.criteria .mark { display: inline-block; width: 1.2em; }
ul.criteria li.failed .mark { color: var(--bad); } ul.criteria li.held .mark { color: var(--good); }
.glance { display: grid; grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); gap: .8rem; margin: .7rem 0 0; }
.card { border: 1px solid var(--line); border-radius: .5rem; padding: .45rem .65rem; min-width: 0; }
.card h2 { font-size: .95rem; margin: 0 0 .3rem; border: 0; padding: 0; }
.figures { display: flex; flex-wrap: wrap; gap: .2rem 1.4rem; margin: .5rem 0 0; }
.figures div { white-space: nowrap; } .figures b { font-size: 1.05rem; }
table.bars { border: 0; margin: 0; width: 100%; }
table.bars th, table.bars td { border: 0; padding: .05rem .3rem .05rem 0; font-weight: normal; }
table.bars th { white-space: nowrap; max-width: 11rem; overflow: hidden; text-overflow: ellipsis; }
td.barcell { width: 60%; }
.hbar { display: block; height: .8rem; background: var(--bar); border-radius: .15rem; min-width: 1px; }
.hbar.flip, .hbar.unexplained { background: var(--bad); } .hbar.drift { background: var(--warn); }
.hbar.match { background: var(--good); } .hbar.rest { background: var(--muted); }
.hbar.inline { display: inline-block; vertical-align: middle; max-width: 10rem; }
table.heat { width: 100%; font-size: .92em; }
table.heat td { text-align: right; font-variant-numeric: tabular-nums; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .4rem 0; }
caption { text-align: left; font-weight: 600; padding: .2rem 0; }
th, td { border: 1px solid var(--line); padding: .2rem .45rem; text-align: left; vertical-align: top; }
thead th { background: var(--panel); position: sticky; top: 0; }
th[scope="row"] { background: var(--panel); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
th[aria-sort="descending"] button::after { content: " ▼"; } th[aria-sort="ascending"] button::after { content: " ▲"; }
thead button { font: inherit; font-weight: 600; color: inherit; background: none; border: 0; padding: 0;
  cursor: pointer; }
.id { min-width: 10rem; max-width: 24rem; }
td.cause, code.cause { overflow-wrap: normal; word-break: normal; }
tr.unexplained td, tr.unexplained th { background: color-mix(in srgb, var(--bad) 12%, transparent); }
#case-rows tr { cursor: pointer; }
#case-rows tr:hover td, #case-rows tr:focus td { background: color-mix(in srgb, var(--accent) 10%, transparent); }
.tag { display: inline-block; border: 1px solid var(--line); border-radius: .6rem; padding: 0 .35rem;
  margin: 0 .15rem .1rem 0; font-size: .85em; unicode-bidi: isolate; white-space: nowrap; }
.pass { color: var(--good); } .fail { color: var(--bad); } .undetermined { color: var(--warn); }
.outcome-flip { color: var(--bad); font-weight: 600; }
.outcome-drift, .outcome-candidate_undetermined { color: var(--warn); }
.controls { display: flex; flex-wrap: wrap; gap: .4rem .9rem; align-items: center; margin: .5rem 0; }
.controls label { display: inline-flex; gap: .3rem; align-items: center; }
.controls select, .controls input, .pager button, dialog button {
  font: inherit; color: var(--fg); background: var(--panel); border: 1px solid var(--line);
  border-radius: .35rem; padding: .15rem .45rem; }
.pager { display: flex; gap: .6rem; align-items: center; }
dialog { width: min(96vw, 84rem); max-height: 92vh; border: 1px solid var(--line); border-radius: .6rem;
  color: var(--fg); background: var(--bg); padding: .8rem 1rem; }
dialog::backdrop { background: rgb(0 0 0 / 45%); }
.dialog-head { display: flex; justify-content: space-between; align-items: center; gap: 1rem; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.side { min-width: 0; border-top: 2px solid var(--line); }
.side dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; margin: .3rem 0; }
.side dt { color: var(--muted); } .side dd { margin: 0; overflow-wrap: break-word; }
ol.verdicts { padding-left: 1.6rem; margin: .2rem 0; }
ol.verdicts li.yes b { color: var(--good); } ol.verdicts li.no b { color: var(--bad); }
ol.verdicts li.none b { color: var(--warn); }
.note { border-left: 3px solid var(--warn); padding: .3rem .6rem; background: var(--panel); }
dl.summary { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .5rem 0; }
dl.summary dt { color: var(--muted); }
dl.summary dd { margin: 0; overflow-wrap: break-word; }
details > summary { cursor: pointer; color: var(--accent); }
svg.histogram { width: 100%; max-width: 44rem; height: auto; display: block; }
.card svg.histogram { max-height: 12rem; }
svg.histogram .bar { fill: var(--bar); }
svg.histogram .bar.outlier { fill: var(--out); }
svg.histogram .axis { stroke: var(--muted); stroke-width: 1; }
svg.histogram text { fill: var(--fg); font-size: 10px; font-family: system-ui, sans-serif; }
svg.histogram text.label { fill: var(--muted); font-size: 11px; }
svg.waterfall { width: 100%; max-width: 44rem; height: auto; display: block; }
svg.waterfall .level { fill: var(--bar); }
svg.waterfall .up { fill: var(--good); }
svg.waterfall .down { fill: var(--bad); }
svg.waterfall .axis { stroke: var(--muted); stroke-width: 1; }
svg.waterfall text { fill: var(--fg); font-size: 11px; font-family: system-ui, sans-serif; }
@media (max-width: 50rem) { .sides { grid-template-columns: 1fr; } .decision { grid-template-columns: 1fr; } }
@media print {
  body { max-width: none; padding: 0; font-size: 10px; color: #000; background: #fff; }
  .controls, .pager, .noprint, dialog { display: none !important; }
  thead th { position: static; }
  tr { break-inside: avoid; }
  h2 { break-after: avoid; }
  a { color: inherit; }
}
"""


@dataclass(frozen=True)
class PanelCriterion:
    """One rollout criterion as the first screen shows it (plain text: this module escapes it)."""

    name: str
    measured: str
    threshold: str  # with its comparison, e.g. "<= 0.10"
    holds: bool
    blocks: str  # what failing it means: HOLD or NO-GO
    note: str = ""


@dataclass(frozen=True)
class DecisionPanel:
    """The rollout decision on this report, made by a later stage (the rollout) for the first screen."""

    verdict: str  # GO, HOLD or NO-GO
    move: str  # e.g. "off -> shadow"
    advice: str
    criteria: tuple[PanelCriterion, ...]
    why: tuple[str, ...] = ()
    policy: str = "the default policy"


_CONTROLS = {c: chr(0x2400 + c) for c in range(0x20) if c not in (0x09, 0x0A, 0x0D)}
_CONTROLS[0x7F] = "\u2421"
_SURROGATE = re.compile("[\ud800-\udfff]")


def _esc(text: object) -> str:
    """Any value as inert HTML text or attribute content (always double-quote attributes)."""
    plain = _SURROGATE.sub("\ufffd", str(text).translate(_CONTROLS))
    return html.escape(plain, quote=True)


def _pct(rate: float | None) -> str:
    return "—" if rate is None else f"{100 * rate:.1f}%"


def _num(value: float | None, digits: int = 4) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _signed(value: float | None) -> str:
    return format_change(value, 4)


def _score(value: JsonScore) -> str:
    """A score as the report encodes it: a float, a JavaScript word for non-finite, or none."""
    if value is None:
        return "—"
    if isinstance(value, str):
        return _esc(value)
    return f"{value:.4f}"


def _edge(value: float) -> str:
    text = f"{value:.4g}"
    return "0" if text == "-0" else text


def _counts(counts: Mapping[str, int]) -> str:
    """``{"drift": 3, "flip": 1}`` as escaped ``drift 3, flip 1``."""
    return ", ".join(f"{_esc(name)}&nbsp;{n}" for name, n in counts.items()) or "—"


def _cause(cause: str) -> str:
    """A cause name that may wrap only after its underscores."""
    return f'<code class="cause">{_esc(cause).replace("_", "_<wbr>")}</code>'


# ------------------------------------------------------------------ sections


_SVG_W, _SVG_H = 640, 250
_LEFT, _RIGHT, _TOP, _BOTTOM = 46, 12, 18, 46


def _histogram_svg(bins: Sequence[HistogramBin], axis: str, *, key: str = "histogram", what: str = "delta") -> str:
    """One ``<rect class="bar">`` per bin, equal widths (outlier bins are wider in value)."""
    plot_w, plot_h = _SVG_W - _LEFT - _RIGHT, _SVG_H - _TOP - _BOTTOM
    base = _TOP + plot_h
    peak = max((b.count for b in bins), default=0)
    width = plot_w / max(len(bins), 1)
    parts = [
        f'<svg class="histogram" viewBox="0 0 {_SVG_W} {_SVG_H}" role="img" aria-labelledby="{key}-title">',
        f'<title id="{key}-title">Histogram of {what}s ({axis}), {len(bins)} bins</title>',
    ]
    for i, b in enumerate(bins):
        height = plot_h * b.count / peak if peak else 0.0
        x, y = _LEFT + i * width, base - height
        outlier = b.low < -1.0 or b.high > 1.0
        css = "bar outlier" if outlier else "bar"
        tip = f"{_edge(b.low)} to {_edge(b.high)}: {b.count} case{'' if b.count == 1 else 's'}"
        parts.append(
            f'<rect class="{css}" x="{x + 1:.2f}" y="{y:.2f}" width="{max(width - 2, 1):.2f}" '
            f'height="{height:.2f}" data-count="{b.count}"><title>{_esc(tip)}</title></rect>'
        )
        if b.count:
            parts.append(f'<text x="{x + width / 2:.2f}" y="{y - 3:.2f}" text-anchor="middle">{b.count}</text>')
    parts.append(f'<line class="axis" x1="{_LEFT}" y1="{base}" x2="{_SVG_W - _RIGHT}" y2="{base}"/>')
    parts.append(f'<line class="axis" x1="{_LEFT}" y1="{_TOP}" x2="{_LEFT}" y2="{base}"/>')
    edges = [b.low for b in bins] + ([bins[-1].high] if bins else [])
    last_x, last_text = -1e9, ""
    for i, value in enumerate(edges):
        x = _LEFT + i * width
        text = _edge(value)
        half = abs(value * 2 - round(value * 2)) < 1e-9
        if (half or i in (0, len(edges) - 1)) and text != last_text and x - last_x >= 24:
            parts.append(f'<line class="axis" x1="{x:.2f}" y1="{base}" x2="{x:.2f}" y2="{base + 4}"/>')
            parts.append(f'<text x="{x:.2f}" y="{base + 15}" text-anchor="middle">{_esc(text)}</text>')
            last_x, last_text = x, text
    for tick in sorted({0, peak // 2, peak} if peak else {0}):
        y = base - (plot_h * tick / peak if peak else 0.0)
        parts.append(f'<line class="axis" x1="{_LEFT - 4}" y1="{y:.2f}" x2="{_LEFT}" y2="{y:.2f}"/>')
        parts.append(f'<text x="{_LEFT - 7}" y="{y + 3.5:.2f}" text-anchor="end">{tick}</text>')
    parts.append(
        f'<text class="label" x="{_LEFT + plot_w / 2:.2f}" y="{_SVG_H - 8}" text-anchor="middle">{what} ({axis})</text>'
    )
    parts.append(
        f'<text class="label" x="12" y="{_TOP + plot_h / 2:.2f}" text-anchor="middle" '
        f'transform="rotate(-90 12 {_TOP + plot_h / 2:.2f})">cases</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)


def _deltas(report: DriftReport) -> str:
    d = report.deltas
    axis = f"{_esc(report.scorers.candidate)} − {_esc(report.scorers.control)}"
    stats = [("count", str(d.count)), ("mean", _signed(d.mean)), ("min", _signed(d.min)), ("max", _signed(d.max))]
    stats += [(_esc(name), _signed(value)) for name, value in d.percentiles.items()]
    head = "".join(f'<th scope="col" class="num">{name}</th>' for name, _ in stats)
    cells = "".join(f'<td class="num">{value}</td>' for _, value in stats)
    table = (
        f'<div class="scroll"><table class="percentiles">\n<caption>Deltas ({axis}) where both scores are finite'
        f"</caption>\n<thead><tr>{head}</tr></thead>\n<tbody><tr>{cells}</tr></tbody>\n</table></div>"
    )
    if not d.histogram:
        return table + '\n<p class="muted">No histogram.</p>'
    empty = '\n<p class="muted">No case has two finite scores.</p>' if not d.count else ""
    bins = "\n".join(
        f'<tr><td class="num">{_edge(b.low)}</td><td class="num">{_edge(b.high)}</td>'
        f'<td class="num">{b.count}</td></tr>'
        for b in d.histogram
    )
    bin_table = (
        '<details class="noprint"><summary>Histogram as a table</summary>\n<table>\n'
        '<thead><tr><th scope="col" class="num">from</th><th scope="col" class="num">to</th>'
        f'<th scope="col" class="num">cases</th></tr></thead>\n<tbody>\n{bins}\n</tbody>\n</table>\n</details>'
    )
    return f"{table}{empty}\n<figure>\n{_histogram_svg(d.histogram, axis)}\n</figure>\n{bin_table}"


@dataclass(frozen=True)
class ExtraSection:
    """A section that a later stage adds to the page (the league table): a table and sentences.

    Plain text throughout: this module escapes it, so no other stage writes HTML.
    """

    key: str  # the section's id, letters and dashes
    title: str
    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()


def _extra(section: ExtraSection) -> str:
    head = "".join(f'<th scope="col">{_esc(cell)}</th>' for cell in section.header)
    body = "\n".join("<tr>" + "".join(f"<td>{_esc(cell)}</td>" for cell in row) + "</tr>" for row in section.rows)
    notes = "".join(f"<li>{_esc(note)}</li>" for note in section.notes)
    key = _esc(section.key)
    return (
        f'<section aria-labelledby="s-{key}">\n<h2 id="s-{key}">{_esc(section.title)}</h2>\n'
        f'<div class="scroll"><table class="{key}">\n<caption>{_esc(section.caption)}</caption>\n'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table></div>\n"
        + (f"<ul>{notes}</ul>\n" if notes else "")
        + "</section>"
    )


# ------------------------------------------------------------------ why the numbers move


def _steps_sections(report: DriftReport) -> list[str]:
    """The decomposition (a waterfall of the mean), the noise floor and the recorded scores."""
    sections = []
    steps = report.decomposition
    if steps is not None:
        parts = [
            f"<p>{steps.cases} cases carry both arms' recordings; the means are over the {steps.complete} "
            "whose three scores are all determined (the control's in [0, 1]). The middle score is the candidate "
            "scorer on the legacy arm's text: the parser step reads one text two ways, the prompt step compares "
            "two gradings, and the part of it within the grader's own spread is noise.</p>"
        ]
        if steps.effects is not None:
            parts.append(_waterfall_svg(report))
        rows = "".join(
            f'<tr><th scope="row">{_esc(step)}</th>'
            f'<td class="num">{_signed(getattr(steps.effects, step) if steps.effects else None)}</td>'
            f'<td class="num">{steps.steps[step]}</td><td class="num">{steps.flips[step]}</td></tr>'
            for step in ("parser", "prompts", "noise")
        )
        parts.append(
            '<table class="steps">\n<caption>Each step: its mean change, the cases it made differ, the flips it'
            ' made</caption>\n<thead><tr><th scope="col">step</th><th scope="col" class="num">mean change</th>'
            '<th scope="col" class="num">cases</th><th scope="col" class="num">flips</th></tr></thead>\n'
            f"<tbody>{rows}</tbody>\n</table>"
        )
        if steps.parser_causes:
            parts.append(f"<p>Parser step causes: {_counts(steps.parser_causes)}.</p>")
        if steps.incomplete:
            parts.append(f'<p class="muted">Left out of the means: {_counts(steps.incomplete)}.</p>')
        sections.append(_section("steps", "Why the numbers move", "\n".join(parts)))
    noise = report.noise
    if noise is not None:
        beyond = report.agreement_beyond_noise
        parts = [
            f"<p>{noise.cases} cases were graded more than once (up to {noise.samples} sample pairs): noise floor "
            f"mean {_num(noise.floor_mean)}, max {_num(noise.floor_max)}; {noise.noisy} with a floor above zero. "
            f"Differences within noise: {report.outcomes.get('within_noise', 0)} "
            f"({_counts(noise.within_noise)})."
            + (
                f" Agreement beyond noise {_pct(beyond.rate)}, Wilson 95% {_pct(beyond.wilson_low)} to "
                f"{_pct(beyond.wilson_high)}."
                if beyond is not None
                else ""
            )
            + "</p>",
            _histogram_svg(noise.histogram, "max − min across samples", key="noise-histogram", what="noise floor"),
        ]
        sections.append(_section("noise", "Grader noise", "\n".join(parts)))
    observed = report.observed
    if observed is not None:
        generations = ", ".join(f"<code>{_esc(name)}</code> {count}" for name, count in observed.generations.items())
        listed = "".join(f"<li><code>{_esc(line)}</code></li>" for line in observed.mismatches)
        parts = [
            f"<p>{observed.cases} cases carry a score promptfoo recorded. Of the {observed.exact_checked} that hold "
            f"the grader texts it scored, the legacy scorer reproduces {observed.exact_reproduced} exactly (score, "
            f"pass and reason). Reproduced by each generation: {generations or '—'}; by none: "
            f"{observed.unmatched}.</p>",
            f"<p>Graded again: {observed.regraded_cases} cases; today's grader reproduces the recorded score on "
            f"{observed.regraded_samples_reproduced} of {observed.regraded_samples} samples.</p>",
        ]
        if listed:
            parts.append(f"<p>Not reproduced by the legacy scorer:</p>\n<ul>{listed}</ul>")
        sections.append(_section("observed", "Recorded scores", "\n".join(parts)))
    return sections


def _section(key: str, title: str, body: str) -> str:
    return f'<section aria-labelledby="s-{key}">\n<h2 id="s-{key}">{_esc(title)}</h2>\n{body}\n</section>'


def _waterfall_svg(report: DriftReport) -> str:
    """The mean from control to candidate: a bar per level, a floating bar per step."""
    steps = report.decomposition
    assert steps is not None and steps.effects is not None
    effects = steps.effects
    start = steps.means["control"] or 0.0
    levels = [("legacy" if report.scorers.control == "legacy" else report.scorers.control, 0.0, start, "level")]
    running = start
    for name, change in (("parser", effects.parser), ("prompts", effects.prompts), ("noise", effects.noise)):
        levels.append((name, running, running + change, "up" if change >= -ROUNDING_NOISE else "down"))
        running += change
    levels.append((report.scorers.candidate, 0.0, running, "level"))
    plot_w, plot_h = _SVG_W - _LEFT - _RIGHT, _SVG_H - _TOP - _BOTTOM
    base = _TOP + plot_h
    width = plot_w / len(levels)
    parts = [
        f'<svg class="waterfall" viewBox="0 0 {_SVG_W} {_SVG_H}" role="img" aria-labelledby="waterfall-title">',
        '<title id="waterfall-title">The mean score, from the control through each step to the candidate</title>',
    ]
    for i, (name, low, high, kind) in enumerate(levels):
        top, bottom = max(low, high), min(low, high)
        x, y = _LEFT + i * width, base - plot_h * top
        height = max(plot_h * (top - bottom), 1.0)
        change = high - low
        label = _num(high, 3) if kind == "level" else _signed(change)
        parts.append(
            f'<rect class="bar {kind}" x="{x + 6:.2f}" y="{y:.2f}" width="{width - 12:.2f}" height="{height:.2f}" '
            f'data-step="{_esc(name)}"><title>{_esc(name)}: {_esc(label)}</title></rect>'
        )
        parts.append(f'<text x="{x + width / 2:.2f}" y="{y - 4:.2f}" text-anchor="middle">{_esc(label)}</text>')
        parts.append(f'<text x="{x + width / 2:.2f}" y="{base + 15}" text-anchor="middle">{_esc(name)}</text>')
    parts.append(f'<line class="axis" x1="{_LEFT}" y1="{base}" x2="{_SVG_W - _RIGHT}" y2="{base}"/>')
    for tick in (0.0, 0.5, 1.0):
        y = base - plot_h * tick
        parts.append(f'<text x="{_LEFT - 7}" y="{y + 3.5:.2f}" text-anchor="end">{tick:.1f}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


# ------------------------------------------------------------------ the first screen


def _title(report: DriftReport) -> str:
    scorers, corpus = report.scorers, report.corpus
    sources = ", ".join(corpus.sources) if len(corpus.sources) <= 2 else f"{len(corpus.sources)} files"
    return (
        f'<p class="tool">{_esc(report.tool)} · drift report · schema {_esc(report.schema_version)}</p>\n'
        f"<h1>Switch <code>{_esc(scorers.control)}</code> → <code>{_esc(scorers.candidate)}</code>? "
        f'<span class="muted">{corpus.cases:,} cases of {_esc(sources)}</span></h1>'
    )


def _decision(report: DriftReport, panel: DecisionPanel | None) -> str:
    if panel is None:  # no rollout decision was made: the diff's own verdict stands alone
        kind = "no-go" if report.unexplained else "info"
        word = "INVESTIGATE" if report.unexplained else "EXPLAINED"
        return (
            f'<div class="decision" id="decision"><div><div class="badge {kind}">{word}</div></div>'
            f"<div><p>{_esc(report.verdict)}</p></div></div>"
        )
    failed = [c for c in panel.criteria if not c.holds]
    held = [c for c in panel.criteria if c.holds]
    items = []
    for c in (*failed, *held):
        css, mark = ("failed", "✗") if not c.holds else ("held", "✓")
        blocks = f' <span class="muted">({_esc(c.blocks)})</span>' if not c.holds else ""
        note = f'<br><span class="muted">{_esc(c.note)}</span>' if c.note and not c.holds else ""
        title = f' title="{_esc(c.note)}"' if c.note else ""
        items.append(
            f'<li class="{css}"{title}><span class="mark" aria-hidden="true">{mark}</span>'
            f"{_esc(c.name)}: <b>{_esc(c.measured)}</b> "
            f'<span class="muted">(needs {_esc(c.threshold)})</span>{blocks}{note}</li>'
        )
    decided = (
        f"Decided by {len(failed)} of {len(panel.criteria)} criteria failing."
        if failed
        else f"All {len(panel.criteria)} criteria hold."
    )
    why = "".join(f"<li>{_esc(line)}</li>" for line in panel.why)
    kind = {"GO": "go", "HOLD": "hold", "NO-GO": "no-go"}.get(panel.verdict, "info")
    return (
        f'<div class="decision" id="decision">\n<div><div class="badge {kind}">{_esc(panel.verdict)}</div>'
        f'<div class="move">{_esc(panel.move)}</div>'
        f'<div class="muted">rollout, {_esc(panel.policy)}</div></div>\n'
        f"<div><p><b>{_esc(panel.advice)}</b> {decided} {_esc(report.verdict)}.</p>\n"
        f'<ul class="criteria">{"".join(items)}</ul>\n'
        + (f"<details><summary>Why the numbers move</summary><ul>{why}</ul></details>" if why else "")
        + "</div>\n</div>"
    )


def _bars(rows: Sequence[tuple[str, int, str]], total: int, caption: str, *, code: bool = False) -> str:
    """A horizontal bar per (label, count, css class), widths relative to ``total``."""
    if not rows:
        return '<p class="muted">Nothing to draw.</p>'
    peak = max(max(count for _, count, _ in rows), 1)
    body = []
    for label, count, css in rows:
        name = f"<code>{_esc(label)}</code>" if code else _esc(label)
        share = f"{100 * count / total:.1f}%" if total else "—"
        body.append(
            f'<tr><th scope="row" title="{_esc(label)}">{name}</th>'
            f'<td class="barcell"><span class="hbar {_esc(css)}" style="width:{100 * count / peak:.1f}%"></span></td>'
            f'<td class="num">{count:,}</td><td class="num muted">{share}</td></tr>'
        )
    return f'<table class="bars"><caption class="muted">{_esc(caption)}</caption><tbody>{"".join(body)}</tbody></table>'


def _outcome_bars(report: DriftReport) -> str:
    rows = [(name, count, name) for name, count in report.outcomes.items() if count]
    return _bars(rows, report.corpus.cases, "cases by outcome")


def _cause_bars(report: DriftReport) -> str:
    rows = [(row.cause, row.count, "unexplained" if row.cause == "unexplained" else "") for row in report.causes]
    shown = rows[:CAUSE_BARS]
    rest = rows[CAUSE_BARS:]
    if rest:
        shown.append((f"{len(rest)} more causes", sum(count for _, count, _ in rest), "rest"))
    if not shown:
        return '<p class="muted">No differences: every case matches.</p>'
    return _bars(shown, report.corpus.cases, "differing cases by cause (the table below has all)", code=True)


def _heat_map(report: DriftReport) -> str:
    """The pass/fail flip matrix with each cell shaded by its share of the cases."""
    matrix = report.flip_matrix
    columns: list[str] = []
    for cells in matrix.values():
        columns += [column for column in cells if column not in columns]
    control, candidate = _esc(report.scorers.control), _esc(report.scorers.candidate)
    peak = max((count for cells in matrix.values() for count in cells.values()), default=0) or 1
    head = "".join(f'<th scope="col" class="num">{_esc(column)}</th>' for column in columns)
    body = []
    for row, cells in matrix.items():
        tds = []
        for column in columns:
            count = cells.get(column, 0)
            flipped = column != row and {row, column} <= {"pass", "fail"}
            colour = "var(--bad)" if flipped else "var(--warn)" if column == "undetermined" else "var(--bar)"
            shade = f"color-mix(in srgb, {colour} {8 + 62 * count / peak:.0f}%, transparent)" if count else "none"
            label = f"{report.scorers.control} {row}, {report.scorers.candidate} {column}: {count} cases"
            tds.append(f'<td style="background:{shade}" title="{_esc(label)}">{count:,}</td>')
        body.append(f'<tr><th scope="row">{_esc(row)}</th>{"".join(tds)}</tr>')
    return (
        '<table class="heat" id="flip-matrix">\n'
        f'<caption class="muted">{control} (rows) vs {candidate} (columns); red: flips</caption>\n'
        f"<thead><tr><td></td>{head}</tr></thead>\n<tbody>\n" + "\n".join(body) + "\n</tbody>\n</table>"
    )


def _figures(report: DriftReport) -> str:
    agreement, means = report.agreement, report.means
    flips = sum(
        count
        for row, cells in report.flip_matrix.items()
        for column, count in cells.items()
        if row != column and {row, column} <= {"pass", "fail"}
    )
    control, candidate = means.get("control"), means.get("candidate")
    items = [
        f"<b>{_pct(agreement.rate)}</b> agree "
        f'<span class="muted">(95% {_pct(agreement.wilson_low)}–{_pct(agreement.wilson_high)})</span>',
    ]
    trusted = report.trusted_agreement
    if trusted is not None:
        items.append(
            f"<b>{_pct(trusted.agreement.rate)}</b> where legacy is trusted "
            f'<span class="muted">({trusted.agreement.matches:,} of {trusted.cases:,}: a valid score, no named '
            "bug)</span>"
        )
    items += [
        f"<b>{flips:,}</b> pass/fail flips",
        f"<b>{report.unexplained:,}</b> unexplained",
        f"mean <b>{_num(control.mean if control else None, 3)}</b> → "
        f"<b>{_num(candidate.mean if candidate else None, 3)}</b>",
    ]
    return '<div class="figures">' + "".join(f"<div>{item}</div>" for item in items) + "</div>"


def _glance(report: DriftReport) -> str:
    axis = f"{_esc(report.scorers.candidate)} − {_esc(report.scorers.control)}"
    histogram = (
        _histogram_svg(report.deltas.histogram, axis, key="glance-histogram")
        if report.deltas.histogram
        else '<p class="muted">No case has two finite scores.</p>'
    )
    cards = [
        ("Outcomes", _outcome_bars(report)),
        ("Causes", _cause_bars(report)),
        ("Deltas", histogram),
        ("Pass/fail", _heat_map(report)),
    ]
    return (
        '<div class="glance">'
        + "".join(f'<section class="card" aria-label="{name}"><h2>{name}</h2>{body}</section>' for name, body in cards)
        + "</div>"
    )


# ------------------------------------------------------------------ below the fold


def _case_link(case_id: str) -> str:
    return f'<a href="#case={_esc(quote(case_id, safe=""))}"><code>{_esc(case_id)}</code></a>'


def _largest(report: DriftReport) -> str:
    if not report.largest_drifts:
        return '<p class="muted">No case has two finite scores that differ.</p>'
    control, candidate = _esc(report.scorers.control), _esc(report.scorers.candidate)
    rows = "\n".join(
        f'<tr><th scope="row" class="id">{_case_link(case.id)}</th><td class="num">{_score(case.control_score)}</td>'
        f'<td class="num">{_score(case.candidate_score)}</td><td class="num">{_signed(case.delta)}</td>'
        f"<td>{_cause(case.cause) if case.cause else '—'}</td></tr>"
        for case in report.largest_drifts
    )
    return (
        '<div class="scroll"><table class="largest">\n'
        "<caption>The largest score changes (open one to read it)</caption>\n"
        f'<thead><tr><th scope="col">case</th><th scope="col" class="num">{control}</th>'
        f'<th scope="col" class="num">{candidate}</th><th scope="col" class="num">delta</th>'
        f'<th scope="col">cause</th></tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table></div>'
    )


def _sort_head(label: str, col: int, numeric: bool = False) -> str:
    css = ' class="num"' if numeric else ""
    return f'<th scope="col"{css}><button type="button" data-col="{col}">{label}</button></th>'


def _causes(report: DriftReport) -> str:
    if not report.causes:
        return '<p class="muted">No differences: every case matches.</p>'
    rows = []
    for row in report.causes:
        css = ' class="unexplained"' if row.cause == "unexplained" else ""
        examples = ", ".join(_case_link(example) for example in row.examples) or "—"
        rows.append(
            f'<tr{css}><th scope="row" data-value="{_esc(row.cause)}">{_cause(row.cause)}</th>'
            f'<td data-value="{_esc(row.description)}">{_esc(row.description)}</td>'
            f'<td class="num" data-value="{row.count}">{row.count:,}</td>'
            f'<td data-value="">{_counts(row.outcomes)}</td><td data-value="">{examples}</td></tr>'
        )
    head = (
        _sort_head("cause", 0)
        + _sort_head("description", 1)
        + _sort_head("cases", 2, True)
        + '<th scope="col">outcomes</th><th scope="col">examples</th>'
    )
    return (
        '<div class="scroll"><table class="causes sortable">\n<caption>Why the scores differ</caption>\n'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table></div>"
    )


def _cohorts(report: DriftReport) -> str:
    if not report.cohorts:
        return '<p class="muted">No case has a tag.</p>'
    rows = []
    for row in report.cohorts:
        css = ' class="unexplained"' if row.unexplained else ""
        agreement = row.agreement if row.agreement is not None else -1.0
        width = 100 * max(agreement, 0.0)
        flips = row.outcomes.get("flip", 0)
        drifts = row.cases - row.outcomes.get("match", 0)
        rows.append(
            f'<tr{css}><th scope="row" data-value="{_esc(row.tag)}"><span class="tag">{_esc(row.tag)}</span></th>'
            f'<td class="num" data-value="{row.cases}">{row.cases:,}</td>'
            f'<td data-value="{agreement}"><span class="hbar match inline" style="width:{width / 10:.2f}rem">'
            f"</span> {_pct(row.agreement)}</td>"
            f'<td class="num" data-value="{drifts}">{drifts:,}</td>'
            f'<td class="num" data-value="{flips}">{flips:,}</td>'
            f'<td class="num" data-value="{row.unexplained}">{row.unexplained:,}</td>'
            f'<td data-value="">{_counts(row.outcomes)}</td></tr>'
        )
    head = (
        _sort_head("tag", 0)
        + _sort_head("cases", 1, True)
        + _sort_head("agreement", 2)
        + _sort_head("differ", 3, True)
        + _sort_head("flips", 4, True)
        + _sort_head("unexplained", 5, True)
        + '<th scope="col">outcomes</th>'
    )
    return (
        '<div class="scroll"><table class="cohorts sortable">\n'
        "<caption>By tag (a case counts in each of its tags; sort by any column)</caption>\n"
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table></div>"
    )


def _cut(text: str | None) -> str | None:
    if text is None or len(text) <= TEXT_CHARS:
        return text
    return f"{text[:TEXT_CHARS]}\n… [{len(text) - TEXT_CHARS:,} more characters: cases.jsonl has the whole text]"


def _row_json(line: str) -> str:
    """A cases.jsonl line as the explorer holds it: as it is, or with its long grader texts cut."""
    if len(line) <= TEXT_CHARS:  # no text in it can be longer: the common case costs nothing
        return line.rstrip("\n")
    record = json.loads(line)
    detail = record.get("detail")
    if isinstance(detail, dict):
        for key in ("control_texts", "candidate_texts"):
            texts = detail.get(key)
            if isinstance(texts, dict):
                texts["statements_output"] = _cut(texts.get("statements_output"))
                texts["grader_output"] = _cut(texts.get("grader_output"))
                if texts.get("statements") is not None:
                    texts["statements"] = [_cut(s) for s in texts["statements"]]
    # ASCII, as cases.jsonl is: a lone surrogate from a grader output stays a valid \\udXXX escape.
    return json.dumps(record, ensure_ascii=True, separators=(",", ":"))


def case_data(lines: Sequence[str]) -> Iterator[str]:
    """The explorer's rows as JSON that cannot end its ``<script>`` element (no ``<`` at all),
    a piece per row: the page is written as it is made, never held whole."""
    yield "["
    for index, line in enumerate(lines):
        yield ("," if index else "") + _row_json(line).replace("<", "\\u003c")
    yield "]"


# Where the rows go in the page: a NUL cannot come from elsewhere (``_esc`` makes control
# characters visible, and the constant parts hold none).
_CASE_DATA = "\x00case-data\x00"


def _options(choices: Sequence[tuple[str, str]]) -> str:
    return "".join(f'<option value="{_esc(value)}">{_esc(label)}</option>' for value, label in choices)


def _explorer(report: DriftReport, cases: Sequence[str], truncated: int) -> str:
    control, candidate = report.scorers.control, report.scorers.candidate
    total = report.corpus.cases
    differing = total - report.outcomes.get("match", 0)
    outcomes = [("all", f"all ({total:,})"), ("differing", f"differing ({differing:,})")]
    outcomes += [(name, f"{name} ({count:,})") for name, count in report.outcomes.items() if count]
    causes = [("all", "any cause")] + [(row.cause, f"{row.cause} ({row.count:,})") for row in report.causes]
    causes.append(("none", f"none: match ({report.outcomes.get('match', 0):,})"))
    tags = [("all", "any tag")] + [(row.tag, f"{row.tag} ({row.cases:,})") for row in report.cohorts]
    held = (
        f'<p class="note">The page holds {len(cases):,} of the {total:,} cases (every differing case first, then '
        f"matches); {truncated:,} more are in <code>cases.jsonl</code>.</p>"
        if truncated > 0
        else ""
    )
    columns = (
        ("id", "case", False),
        ("tags", "tags", False),
        ("outcome", "outcome", False),
        ("cause", "cause", False),
        ("control", f"{control} score", True),
        ("candidate", f"{candidate} score", True),
        ("delta", "delta", True),
    )
    head = "".join(
        ('<th scope="col" class="num">' if numeric else '<th scope="col">')
        + (f'<button type="button" data-sort="{key}">{_esc(label)}</button>' if key else _esc(label))
        + "</th>"
        for key, label, numeric in columns
    )
    return (
        f"{held}"
        f'<div id="case-app" data-control="{_esc(control)}" data-candidate="{_esc(candidate)}" data-total="{total}">\n'
        '<div class="controls" id="case-controls" role="group" aria-label="Filter the cases" hidden>\n'
        f'<label>outcome <select id="f-outcome">{_options(outcomes)}</select></label>\n'
        f'<label>cause <select id="f-cause">{_options(causes)}</select></label>\n'
        f'<label>tag <select id="f-tag">{_options(tags)}</select></label>\n'
        '<label>search <input id="f-search" type="search" placeholder="id, tag, reason" size="22"></label>\n'
        f'<span role="status" aria-live="polite">showing <output id="visible-count">{len(cases):,}</output> '
        f"of {total:,} cases</span>\n"
        '<span class="pager"><button type="button" id="page-prev">‹ previous</button>'
        '<span id="page-info"></span><button type="button" id="page-next">next ›</button></span>\n'
        "</div>\n"
        '<noscript><p class="note">The case explorer needs JavaScript; cases.jsonl has every case.</p></noscript>\n'
        '<div class="scroll"><table id="cases-table" class="cases">\n'
        f"<caption>Cases, the largest change first; click one to read it</caption>\n"
        f'<thead><tr>{head}</tr></thead>\n<tbody id="case-rows"></tbody>\n</table></div>\n'
        '<dialog id="case-dialog" aria-labelledby="case-dialog-title">\n'
        '<div class="dialog-head"><h2 id="case-dialog-title">Case</h2>'
        '<button type="button" id="case-dialog-close">close</button></div>\n'
        '<div id="case-dialog-body"></div>\n</dialog>\n'
        f'<script type="application/json" id="case-data">{_CASE_DATA}</script>\n'
        "</div>"
    )


def _summary(report: DriftReport) -> str:
    corpus, scorers, agreement = report.corpus, report.scorers, report.agreement
    control, candidate = _esc(scorers.control), _esc(scorers.candidate)
    means = []
    for arm, name in (("control", control), ("candidate", candidate)):
        mean = report.means.get(arm)
        if mean is not None:
            means.append(f'{name} {_num(mean.mean)} <span class="muted">(n={mean.count})</span>')
    policy = f" (policy <code>{_esc(scorers.candidate_policy)}</code>)" if scorers.candidate_policy else ""
    vocabulary = scorers.candidate_vocabulary
    if vocabulary is not None:
        added = "; ".join(
            f"{kind}: " + ", ".join(f"<code>{_esc(word)}</code>" for word in words)
            for kind, words in (("yes", vocabulary.yes), ("no", vocabulary.no), ("none", vocabulary.none))
            if words
        )
        policy += f"; verdict words added ({added})"
    sources = "<br>".join(f"<code>{_esc(source)}</code>" for source in corpus.sources) or "—"
    skipped = f"; {corpus.skipped_invalid} malformed skipped" if corpus.skipped_invalid else ""
    rows = [
        ("Corpus", f"{corpus.cases:,} cases{skipped}"),
        ("Sources", sources),
        ("SHA-256", f"<code>{_esc(corpus.sha256)}</code>"),
        (
            "Scorers",
            f"control <code>{control}</code> vs candidate <code>{candidate}</code>{policy}; "
            f"tolerance {_esc(f'{scorers.tolerance:g}')}",
        ),
        ("Outcomes", _counts(report.outcomes)),
        ("Differences", f"{report.explained} explained, {report.unexplained} unexplained"),
        (
            "Agreement",
            f"{_pct(agreement.rate)} ({agreement.matches} of {agreement.cases}); Wilson 95% "
            f"{_pct(agreement.wilson_low)} to {_pct(agreement.wilson_high)}",
        ),
        ("Means", "; ".join(means) or "—"),
        (f"{control} invalid", _counts(report.legacy_invalid)),
    ]
    expectations = report.expectations
    rows.append(("Expectations", f"{expectations.checked} checked, {expectations.failed} failed"))
    items = "\n".join(f"<dt>{name}</dt><dd>{value}</dd>" for name, value in rows)
    parts = [f'<dl class="summary">\n{items}\n</dl>']
    if expectations.failures:
        listed = "\n".join(f"<li><code>{_esc(failure)}</code></li>" for failure in expectations.failures)
        parts.append(f'<p class="note">Cases that miss their expected outcome:</p>\n<ul>\n{listed}\n</ul>')
    return "\n".join(parts)


def render_html(
    report: DriftReport,
    cases: Sequence[str],
    *,
    cases_truncated: int = 0,
    decision: DecisionPanel | None = None,
    extra_sections: Sequence[ExtraSection] = (),
) -> str:
    """The whole report as one offline HTML5 document; same input, same bytes.

    ``cases``: the cases.jsonl lines of the cases the page holds (all of them, or the
    differing ones first when a cap applies); ``cases_truncated``: how many more
    cases.jsonl has. The lines go into the page as they are (long grader texts cut).
    """
    return "".join(
        render_html_parts(
            report, cases, cases_truncated=cases_truncated, decision=decision, extra_sections=extra_sections
        )
    )


def render_html_parts(
    report: DriftReport,
    cases: Sequence[str],
    *,
    cases_truncated: int = 0,
    decision: DecisionPanel | None = None,
    extra_sections: Sequence[ExtraSection] = (),
) -> Iterator[str]:
    """``render_html`` in pieces, to be written one after the other (the page can be large)."""
    tool = _esc(report.tool)
    sections = [
        f"<header>\n{_title(report)}\n{_decision(report, decision)}\n{_figures(report)}\n</header>",
        _glance(report),
        _section("largest", "Largest drifts", _largest(report)),
        _section("cases", "Cases", _explorer(report, cases, cases_truncated)),
        _section("causes", "Causes", _causes(report)),
        _section("cohorts", "Cohorts", _cohorts(report)),
        *(_extra(section) for section in extra_sections),
        *_steps_sections(report),
        _section("deltas", "Deltas", _deltas(report)),
        _section("summary", "Corpus and scorers", _summary(report)),
    ]
    page = (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{tool} drift report: {_esc(report.scorers.control)} → {_esc(report.scorers.candidate)}</title>\n"
        f"<style>{_STYLE}</style>\n</head>\n<body>\n<main>\n" + "\n".join(sections) + "\n</main>\n"
        f"<script>{_SCRIPT}</script>\n</body>\n</html>\n"
    )
    before, after = page.split(_CASE_DATA)
    yield before
    yield from case_data(cases)
    yield after
