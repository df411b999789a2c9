
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
    r._text = [r.id, r.tags.join(" "), r.outcome, r.cause || "", r.control_reason, r.candidate_reason,
      r.composite ? r.composite.cause || "" : ""].join("\n").toLowerCase();
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
    composite: function (r) { return r.composite ? r.composite.delta : null; },
    size: function (r) { return r._size; }
  };
  var defaults = { outcome: "all", cause: "all", tag: "all", comp: "all", q: "", sort: "size", dir: "desc", page: "0" };
  var state = {};
  function reset() { for (var k in defaults) { state[k] = defaults[k]; } }
  reset();
  var outcome = $("f-outcome"), cause = $("f-cause"), tag = $("f-tag"), search = $("f-search");
  var comp = $("f-composite");  // only with diff --composite
  var body = $("case-rows"), shown = $("visible-count"), info = $("page-info");
  var prev = $("page-prev"), next = $("page-next"), dialog = $("case-dialog");
  var sorters = app.querySelectorAll("thead button[data-sort]");

  function keep(r) {
    if (state.outcome === "differing") { if (r.outcome === "match") { return false; } }
    else if (state.outcome !== "all" && r.outcome !== state.outcome) { return false; }
    if (state.cause !== "all" && (r.cause || "none") !== state.cause) { return false; }
    if (state.tag !== "all" && r.tags.indexOf(state.tag) < 0) { return false; }
    if (comp && state.comp !== "all" && !compositeKept(r.composite, state.comp)) { return false; }
    return !state.q || r._text.indexOf(state.q.toLowerCase()) >= 0;
  }
  function compositeKept(c, wanted) {
    if (wanted === "without") { return !c; }
    if (!c) { return false; }
    if (wanted === "moved") { return c.outcome !== "match"; }
    return wanted === "o:" + c.outcome || wanted === "c:" + c.cause;
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
    if (comp) {
      var moved = el("td", "num composite", r.composite ? signed(r.composite.delta) : "no metrics");
      if (r.composite && r.composite.cause) { moved.appendChild(el("div", "muted cause", r.composite.cause)); }
      tr.appendChild(moved);
    }
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
    if (comp) { comp.value = state.comp; }
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
  if (comp) { comp.addEventListener("change", function () { change("comp", comp.value); }); }
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

  // One case in the dialog: what was graded, both sides, what each read, the grader's texts.
  var FOLD = 600;  // characters: a longer text (or all the contexts together) opens on a click
  function folded(box, title, node, size) {
    if (size <= FOLD) { box.appendChild(el("h4", "", title)); box.appendChild(node); return; }
    var details = el("details");
    details.appendChild(el("summary", "", title + " (" + size.toLocaleString("en-US") + " characters)"));
    details.appendChild(node);
    box.appendChild(details);
  }
  function graded(d) {
    var box = el("div", "graded");
    box.id = "case-graded";
    box.appendChild(el("h3", "", "What was graded"));
    if (!blank(d.question)) { folded(box, "Question", el("pre", "question", d.question), d.question.length); }
    if (!blank(d.answer)) { folded(box, "Answer", el("pre", "answer", d.answer), d.answer.length); }
    var contexts = d.contexts || [], size = 0;
    if (contexts.length) {
      var ol = el("ol", "contexts");
      contexts.forEach(function (c) { ol.appendChild(el("li")).appendChild(el("pre", "", c)); size += c.length; });
      folded(box, contexts.length === 1 ? "Context" : "Contexts (" + contexts.length + ")", ol, size);
    }
    if (box.childNodes.length === 1) { box.appendChild(el("p", "muted", "The case holds no question, answer or contexts.")); }
    return box;
  }
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
  function count(n) { return n + (n === 1 ? " statement" : " statements"); }
  function verdict(node, v) {
    node.appendChild(el("b", "", v.verdict === 1 ? "✓ yes " : (v.verdict === 0 ? "✗ no " : "– none ")));
    node.appendChild(el("span", "", v.text));
    if (v.reason) { node.appendChild(el("div", "muted", v.reason)); }
  }
  // One statement's words, for telling whether a verdict reads the statement sent in its place.
  function words(text) {
    return String(text).toLowerCase().replace(/\s+/g, " ").replace(/^[\s\d.)*-]+/, "").replace(/[\s.!?;:]+$/, "");
  }
  // The statements a side's verdict call was sent, each beside the verdict read in its place:
  // a verdict short, extra or about another statement is marked (the reading misaligned).
  function beside(sent, read, name) {
    var wrap = el("div", "sent-beside");
    var rows = Math.max(sent.length, read.length), off = 0;
    var table = el("table", "sent");
    var hr = el("tr");
    ["#", "sent to the verdict call", "verdict as " + name + " read it"].forEach(function (t) {
      hr.appendChild(el("th", "", t)).scope = "col";
    });
    table.appendChild(el("thead")).appendChild(hr);
    var tb = table.appendChild(el("tbody"));
    for (var i = 0; i < rows; i++) {
      var s = i < sent.length ? sent[i] : null, v = i < read.length ? read[i] : null;
      var misaligned = s === null || v === null || (!blank(v.text) && words(v.text) !== words(s));
      var tr = el("tr", misaligned ? "misaligned" : "");
      tr.appendChild(el("td", "num", String(i + 1)));
      tr.appendChild(el("td", "", s === null ? "— (not sent)" : s));
      var cell = el("td", v === null ? "muted" : (v.verdict === 1 ? "yes" : (v.verdict === 0 ? "no" : "none")));
      if (v === null) { cell.textContent = "— (no verdict)"; } else { verdict(cell, v); }
      tr.appendChild(cell);
      tb.appendChild(tr);
      if (misaligned) { off += 1; }
    }
    var said = "Sent " + count(sent.length) + "; " + read.length + (read.length === 1 ? " verdict" : " verdicts") + " read";
    wrap.appendChild(el("p", off ? "note misaligned-note" : "muted", off ?
      said + ": " + off + " of them do not line up (marked)." : said + ", each in its statement's place."));
    wrap.appendChild(table);
    return wrap;
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
      var read = d[which + "_read"], sent = d[which + "_sent"];
      var pieces = isControl && d.control_note;  // legacy's pieces of the final line, not one per statement
      box.appendChild(el("h4", "", "Verdicts as " + name + " read them" +
        (sent && !pieces ? ", beside the statements its verdict call was sent" : "")));
      if (pieces) { box.appendChild(el("p", "muted", d.control_note)); }
      if (sent && !pieces) {
        box.appendChild(beside(sent, read, name));
      } else if (read.length) {
        var ol = el("ol", "verdicts");
        read.forEach(function (v) {
          var li = el("li", v.verdict === 1 ? "yes" : (v.verdict === 0 ? "no" : "none"));
          verdict(li, v);
          ol.appendChild(li);
        });
        box.appendChild(ol);
      } else if (!pieces) {
        box.appendChild(el("p", "muted", "No verdict was read."));
      }
      if (sent && pieces) {
        box.appendChild(el("h4", "", "Sent to the verdict call (" + count(sent.length) + ")"));
        var list = el("ol", "sent");
        sent.forEach(function (x) { list.appendChild(el("li", "", x)); });
        box.appendChild(list);
      }
      if (!d.same_texts) { texts(box, isControl ? d.control_texts : d.candidate_texts, "What " + name + " read"); }
    }
    return box;
  }
  // A case's composite under both rules: scores, what each rule read, each metric before and after it.
  function composite(c) {
    var box = el("div", "composite-case");
    box.id = "case-composite";
    var rules = [app.getAttribute("data-composite-old"), app.getAttribute("data-composite-new")];
    box.appendChild(el("h3", "", "Composite: " + rules[0] + " → " + rules[1]));
    var head = el("p");
    head.appendChild(el("span", "outcome-" + c.outcome, c.outcome));
    if (c.cause) { head.appendChild(el("span", "cause", " · " + c.cause)); }
    head.appendChild(el("span", "muted", " · Δ " + signed(c.delta) + " (faithfulness scorer " +
      signed(c.faithfulness_share) + ", rule " + signed(c.rule_share) + ")"));
    box.appendChild(head);
    for (var o = 0; o < comp.options.length; o++) {  // the cause's option is titled with what it means
      if (c.cause && comp.options[o].value === "c:" + c.cause) { box.appendChild(el("p", "muted", comp.options[o].title)); }
    }
    var facts = el("dl", "summary");
    function fact(k, v) { facts.appendChild(el("dt", "", k)); facts.appendChild(el("dd", "", v)); }
    fact("ground truth", blank(c.reference) ? "— (none)" : c.reference);
    fact("the answer says 'no information'", c.answer_refusal ? "yes" : "no");
    box.appendChild(facts);
    var table = el("table", "composite-parts");
    var hr = el("tr");
    ["", rules[0] + " (old)", rules[1] + " (new)"].forEach(function (t) { hr.appendChild(el("th", "", t)); });
    table.appendChild(el("thead")).appendChild(hr);
    var tb = table.appendChild(el("tbody"));
    function line(label, show) {
      var tr = el("tr");
      tr.appendChild(el("th", "", label)).scope = "row";
      [c.old, c.new].forEach(function (s) { tr.appendChild(show(s)); });
      tb.appendChild(tr);
    }
    function value(v) { return typeof v === "number" ? v.toFixed(4) : "— (unmeasured)"; }
    line("composite", function (s) {
      var td = el("td", "num", s.score === null ? "— (undetermined by " + s.undetermined_by + ")" : s.score.toFixed(4));
      td.appendChild(el("span", s.passed === null ? "undetermined" : (s.passed ? "pass" : "fail"),
        s.passed === null ? "" : (s.passed ? " pass" : " fail")));
      return td;
    });
    line("unanswerable · adjusted", function (s) {
      return el("td", "", (s.unanswerable ? "unanswerable" : "answerable") + " · " + (s.adjusted ? "adjusted" : "not adjusted"));
    });
    var names = [];
    [c.old, c.new].forEach(function (s) {
      s.parts.forEach(function (p) { if (names.indexOf(p.metric) < 0) { names.push(p.metric); } });
    });
    names.forEach(function (name) {
      line(name, function (s) {
        var p = s.parts.filter(function (q) { return q.metric === name; })[0];
        if (!p) { return el("td", "muted", "not weighed"); }
        var text = p.value === p.before ? value(p.value) : value(p.before) + " → " + value(p.value);
        var td = el("td", p.value === p.before ? "num" : "num changed", text + " × " + p.weight);
        if (p.omitted) { td.appendChild(el("div", "muted", "left out of the mean")); }
        return td;
      });
    });
    box.appendChild(table);
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
      if (comp) {
        content.appendChild(r.composite ? composite(r.composite) : el("p", "muted", "The case carries no metrics: no composite."));
      }
      if (r.detail) { content.appendChild(graded(r.detail)); }
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
