
(function () {
  "use strict";
  // The labelling page: every text from the corpus goes on screen through textContent only.
  var STORE = "faithcompat-labels";  // local storage: slot -> label, shared by the pages of one browser
  var NAME = "faithcompat-labeller";
  var DATA = JSON.parse(document.getElementById("label-data").textContent);
  var READING_KEYS = { y: "yes", n: "no", x: "none" };
  var JUDGEMENT_KEYS = { s: "supported", u: "not_supported", c: "cant_tell" };
  var SAID = { yes: "yes", no: "no", none: "no verdict", supported: "supported",
    not_supported: "not supported", cant_tell: "can't tell" };
  var cases = DATA.cases;
  var labels = {};  // slot -> label: the page's own and those loaded, the latest per slot
  var hashes = {};  // "case\u0000arm\u0000statement" -> the text hash the page shows it against
  var at = { c: 0, r: 0 };

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }
  function where(caseId, arm, statement) { return JSON.stringify([caseId, arm, statement]); }
  function slot(label) { return JSON.stringify([label.case_id, label.arm, label.statement, label.labeller]); }
  function rows(c) {
    var list = [];
    c.arms.forEach(function (arm, a) {
      arm.statements.forEach(function (_s, s) { list.push({ a: a, s: s }); });
    });
    return list;
  }
  cases.forEach(function (c) {
    c.rows = rows(c);
    c.arms.forEach(function (arm) {
      arm.statements.forEach(function (_s, s) { hashes[where(c.id, arm.arm, s)] = arm.hash; });
    });
  });
  // A label counts on this page only against the texts it shows: one given against others is stale.
  function applies(label) { return hashes[where(label.case_id, label.arm, label.statement)] === label.text_hash; }
  function later(a, b) { return Date.parse(a.labelled_at) >= Date.parse(b.labelled_at); }
  function put(label) {
    if (!label || !applies(label)) { return; }
    var key = slot(label), old = labels[key];
    if (!old || later(label, old)) { labels[key] = label; }
  }
  function stored() {
    try { return JSON.parse(window.localStorage.getItem(STORE) || "{}") || {}; } catch (e) { return {}; }
  }
  function keep(label) {
    try {
      var all = stored();
      all[slot(label)] = label;
      window.localStorage.setItem(STORE, JSON.stringify(all));
    } catch (e) { notice("This browser does not keep the labels (local storage refused): save them often."); }
  }
  DATA.labels.forEach(put);
  var kept = stored();
  Object.keys(kept).forEach(function (key) { put(kept[key]); });

  function labeller() { return $("labeller").value.trim(); }
  function notice(text) { $("notice").textContent = text || ""; }
  function mine(c, row) {
    var arm = c.arms[row.a];
    return labels[JSON.stringify([c.id, arm.arm, row.s, labeller()])] || null;
  }
  function answer(kind, value) {
    var name = labeller();
    if (!name) { notice("Type your name first: it goes on every label."); $("labeller").focus(); return; }
    var c = cases[at.c], row = c.rows[at.r];
    if (!row) { return; }
    var arm = c.arms[row.a], old = mine(c, row);
    var label = {
      case_id: c.id, arm: arm.arm, statement: row.s, text_hash: arm.hash,
      reading: old ? old.reading : null, judgement: old ? old.judgement : null,
      labeller: name, labelled_at: new Date().toISOString()
    };
    label[kind] = value;
    labels[slot(label)] = label;
    keep(label);
    notice("");
    if (label.reading && label.judgement) { step(1); } else { show(); }
  }
  function step(by) {
    var c = cases[at.c];
    var next = at.r + by;
    if (next >= c.rows.length && at.c < cases.length - 1) { at = { c: at.c + 1, r: 0 }; }
    else if (next < 0 && at.c > 0) { at = { c: at.c - 1, r: Math.max(cases[at.c - 1].rows.length - 1, 0) }; }
    else { at.r = Math.min(Math.max(next, 0), Math.max(c.rows.length - 1, 0)); }
    show();
  }
  function turn(by) {
    at = { c: Math.min(Math.max(at.c + by, 0), cases.length - 1), r: 0 };
    show();
  }
  function progress() {
    var done = 0, total = 0, casesDone = 0;
    cases.forEach(function (c) {
      var all = c.rows.length > 0;
      c.rows.forEach(function (row) {
        total += 1;
        var label = mine(c, row);
        if (label && label.reading && label.judgement) { done += 1; } else { all = false; }
      });
      if (all) { casesDone += 1; }
    });
    $("progress").textContent = cases.length ? "case " + (at.c + 1) + " of " + cases.length + " · " + casesDone +
      " case(s) and " + done + " of " + total + " statement(s) answered" : "no case to label";
  }
  function block(title, text) {
    var wrap = el("div");
    wrap.appendChild(el("h3", null, title));
    wrap.appendChild(el("div", "text", text === null || text === undefined ? "(none)" : text));
    return wrap;
  }
  function choices(kind, values, current) {
    var span = el("span");
    span.appendChild(el("span", "muted", kind === "reading" ? "grader said:" : "contexts:"));
    values.forEach(function (value) {
      var button = el("button", null, SAID[value]);
      button.type = "button";
      button.tabIndex = -1;
      button.setAttribute("data-" + kind, value);
      button.setAttribute("aria-pressed", String(current === value));
      span.appendChild(button);
    });
    return span;
  }
  function show() {
    progress();
    var main = $("case");
    main.textContent = "";
    if (!cases.length) { main.appendChild(el("p", "muted", "No case to label: the corpus holds none.")); return; }
    var c = cases[at.c], row = c.rows[at.r];
    main.appendChild(el("h2", null, "Case " + (at.c + 1) + " of " + cases.length + ": " + c.id));
    main.appendChild(el("p", "muted", c.outcome + (c.cause ? " (" + c.cause + ")" : "") + " · drawn: " + c.why));
    var columns = el("div", "columns"), left = el("div"), right = el("div");
    left.appendChild(block("Question", c.question));
    left.appendChild(block("Answer", c.answer));
    if (!c.contexts.length) { left.appendChild(block("Contexts", null)); }
    c.contexts.forEach(function (context, n) { left.appendChild(block("Context " + (n + 1), context)); });
    if (!c.rows.length) { right.appendChild(el("p", "muted", "No statement to label: call 1 gave none, or every call failed.")); }
    c.arms.forEach(function (arm, a) {
      right.appendChild(el("h3", null, arm.arm === null ? "Statements" : "Statements of arm " + arm.arm));
      var list = el("ol", "statements");
      arm.statements.forEach(function (statement, s) {
        var item = el("li");
        var current = row && row.a === a && row.s === s;
        if (current) { item.setAttribute("aria-current", "true"); item.id = "current"; }
        item.setAttribute("data-row", String(c.rows.findIndex(function (r) { return r.a === a && r.s === s; })));
        item.appendChild(el("div", "said", (s + 1) + ". " + statement));
        var label = mine(c, { a: a, s: s });
        var answers = el("div", "answers");
        answers.appendChild(choices("reading", DATA.readings, label && label.reading));
        answers.appendChild(choices("judgement", DATA.judgements, label && label.judgement));
        item.appendChild(answers);
        list.appendChild(item);
      });
      right.appendChild(list);
    });
    if (row) {
      var arm = c.arms[row.a], region = arm.regions[row.s];
      right.appendChild(el("h3", null, "What the grader said" + (arm.arm === null ? "" : " (arm " + arm.arm + ")") +
        (region ? "" : ": statement " + (row.s + 1) + " not found in it, read it whole")));
      var text = el("div", "text");
      text.id = "grader-text";
      if (region) {
        text.appendChild(document.createTextNode(arm.output.slice(0, region[0])));
        text.appendChild(el("mark", null, arm.output.slice(region[0], region[1])));
        text.appendChild(document.createTextNode(arm.output.slice(region[1])));
      } else {
        text.textContent = arm.output;
      }
      right.appendChild(text);
      var mark = text.querySelector("mark");
      if (mark) { text.scrollTop = Math.max(mark.offsetTop - text.offsetTop - 40, 0); }
    }
    columns.appendChild(left);
    columns.appendChild(right);
    main.appendChild(columns);
    var now = $("current");
    if (now && now.scrollIntoView) { now.scrollIntoView({ block: "nearest" }); }
  }
  function save() {
    var lines = Object.keys(labels).map(function (key) {
      var l = labels[key];
      return JSON.stringify({ case_id: l.case_id, arm: l.arm, statement: l.statement, text_hash: l.text_hash,
        reading: l.reading, judgement: l.judgement, labeller: l.labeller, labelled_at: l.labelled_at });
    });
    var link = $("download");
    if (link.href) { URL.revokeObjectURL(link.href); }
    link.href = URL.createObjectURL(new Blob([lines.join("\n") + (lines.length ? "\n" : "")],
      { type: "application/x-ndjson" }));
    link.hidden = false;
    link.click();
    notice("");
  }
  document.addEventListener("keydown", function (event) {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      save();
      return;
    }
    var target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) {
      if (event.key === "Enter" || event.key === "Escape") { target.blur(); }
      return;
    }
    var key = event.key;
    if (READING_KEYS[key]) { answer("reading", READING_KEYS[key]); }
    else if (JUDGEMENT_KEYS[key]) { answer("judgement", JUDGEMENT_KEYS[key]); }
    else if (key === "j" || key === "ArrowDown") { step(1); }
    else if (key === "k" || key === "ArrowUp") { step(-1); }
    else if (key === "]" || key === "ArrowRight") { turn(1); }
    else if (key === "[" || key === "ArrowLeft") { turn(-1); }
    else { return; }
    event.preventDefault();
  });
  $("case").addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button") : null;
    var item = event.target.closest ? event.target.closest("li[data-row]") : null;
    if (!item) { return; }
    at.r = Number(item.getAttribute("data-row"));
    if (button && button.hasAttribute("data-reading")) { answer("reading", button.getAttribute("data-reading")); }
    else if (button && button.hasAttribute("data-judgement")) {
      answer("judgement", button.getAttribute("data-judgement"));
    } else { show(); }
  });
  $("save").addEventListener("click", save);
  try { $("labeller").value = window.localStorage.getItem(NAME) || ""; } catch (e) { /* no storage: type it */ }
  $("labeller").addEventListener("input", function () {
    try { window.localStorage.setItem(NAME, labeller()); } catch (e) { /* kept for this visit only */ }
    show();
  });
  // Open where the work stands: the first statement this person has not answered both ways.
  (function resume() {
    for (var c = 0; c < cases.length; c++) {
      for (var r = 0; r < cases[c].rows.length; r++) {
        var label = mine(cases[c], cases[c].rows[r]);
        if (!label || !label.reading || !label.judgement) { at = { c: c, r: r }; return; }
      }
    }
  })();
  show();
})();
