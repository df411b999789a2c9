"""`faithcompat prompts --from-promptfoo`: a team's promptfoo faithfulness prompts as a prompts file.

The package directories here are built by the tests as promptfoo's build writes its
prompts (``exports.NAME = `...```, escapes and all); ``test_the_real_promptfoo_package``
reads an installed one (``FAITHCOMPAT_PROMPTFOO_PACKAGE=.../node_modules/promptfoo``,
marked ``oracle``, skipped without it) and checks every character against node's own
reading of the same module.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from compat.grading import load_prompts, promptfoo_prompts, prompts_toml
from tests.grading.test_grade import invoke

# promptfoo's two templates, shortened, as its JavaScript holds them (nunjucks placeholders).
LONGFORM = "Given a question and answer, create statements.\nquestion:{{question}}\nanswer: {{ answer }}\nstatements:\n"
NLI = (
    "Prompt: Natural language inference\nJohn – a `student`, costs $5 \\ day.\n"
    "Final verdict for each statement in order: No. Yes.\ncontext:\n{{context}}\nstatements:\n"
    '{{statements|join("\\n")}}\n'
    "Answer:\n"
)


def js_template(value: str) -> str:
    """``value`` as a JavaScript template literal, written as tsc writes one: some newlines as ``\\n``."""
    escaped = value.replace("\\", "\\\\").replace("`", "\\`").replace("${", "\\${")
    escaped = escaped.replace("–", "\\u2013")
    return "`" + escaped.replace("\n\n", "\n\\n", 1) + "`"


def fake_promptfoo(root: Path, longform: str = LONGFORM, nli: str = NLI, version: str = "0.119.14") -> Path:
    package = root / "node_modules" / "promptfoo"
    module = package / "dist" / "src" / "external" / "prompts" / "ragas.js"
    module.parent.mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"name": "promptfoo", "version": version}))
    (package / "dist" / "src" / "index.js").write_text('"use strict";\nexports.x = 1;\n')
    module.write_text(
        '"use strict";\n// These prompts are ported from RAGAS.\n'
        "exports.CONTEXT_FAITHFULNESS_NLI_STATEMENTS = exports.CONTEXT_FAITHFULNESS_LONGFORM = void 0;\n"
        f"exports.CONTEXT_FAITHFULNESS_LONGFORM = {js_template(longform)};\n"
        f"exports.CONTEXT_FAITHFULNESS_NLI_STATEMENTS = {js_template(nli)};\n"
    )
    return package


def test_the_package_s_prompts_become_the_legacy_arm_s_with_our_placeholders(tmp_path: Path) -> None:
    sets = promptfoo_prompts(fake_promptfoo(tmp_path))
    assert sets.legacy.statements == LONGFORM.replace("{{ answer }}", "{{answer}}")
    assert sets.legacy.verdicts == NLI.replace('{{statements|join("\\n")}}', "{{statements}}")
    assert sets.origin.startswith("promptfoo 0.119.14 (")
    assert sets.ragas == load_prompts(None).ragas  # the RAGAS arm keeps its own


def test_the_printed_file_reads_back_as_the_same_templates(tmp_path: Path) -> None:
    package = fake_promptfoo(tmp_path)
    code, out, err = invoke("prompts", "--from-promptfoo", str(package))
    assert code == 0, err
    assert out == prompts_toml(promptfoo_prompts(package))
    saved = tmp_path / "team-prompts.toml"
    saved.write_text(out)
    assert load_prompts(saved).legacy == promptfoo_prompts(package).legacy


def test_a_config_s_custom_prompts_are_read_as_promptfoo_reads_them(tmp_path: Path) -> None:
    config = tmp_path / "promptfooconfig.json"
    custom = ["Split {{ answer }} for {{question}}.\nStatements:", {"role": "user", "content": NLI}]
    config.write_text(
        json.dumps(
            {
                "prompts": ["{{query}}"],
                "tests": [
                    {"vars": {"query": "q"}, "assert": [{"type": "context-faithfulness", "rubricPrompt": custom}]}
                ],
            }
        )
    )
    code, out, err = invoke("prompts", "--from-promptfoo", str(config))
    assert code == 0, err
    saved = tmp_path / "p.toml"
    saved.write_text(out)
    legacy = load_prompts(saved).legacy
    assert legacy.statements == "Split {{answer}} for {{question}}.\nStatements:"
    assert legacy.verdicts.endswith("statements:\n{{statements}}\nAnswer:\n")


def test_a_yaml_config_in_default_test_options(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    config = tmp_path / "promptfooconfig.yaml"
    config.write_text(
        "defaultTest:\n  options:\n    rubricPrompt:\n      - 'Statements of {{answer}}:'\n"
        "      - \"{{context}} / {{statements | join('\\\\n') }}\"\n"
    )
    legacy = promptfoo_prompts(config).legacy
    assert (legacy.statements, legacy.verdicts) == ("Statements of {{answer}}:", "{{context}} / {{statements}}")


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"tests": []}, "no custom context-faithfulness prompts (rubricPrompt)"),
        ({"defaultTest": {"options": {"rubricPrompt": ["only {{answer}}"]}}}, "takes two prompts"),
        ({"defaultTest": {"options": {"rubricPrompt": ["{{answer}}", "file://nli.txt"]}}}, "file://nli.txt"),
        (
            {"defaultTest": {"options": {"rubricPrompt": ["{{answer}}", "{{context}} {% for s in statements %}"]}}},
            "'{% for s in statements %}' cannot be translated",
        ),
        (
            {"defaultTest": {"options": {"rubricPrompt": ["{{answer}} {{query}}", "{{context}} {{statements}}"]}}},
            "unknown placeholder {{query}}",
        ),
        (
            {"defaultTest": {"options": {"rubricPrompt": ["{{answer}}", "{{statements}} only"]}}},
            "never uses {{context}}",
        ),
    ],
)
def test_what_cannot_be_asked_the_same_way_is_refused_by_name(
    tmp_path: Path, config: dict[str, object], message: str
) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps(config))
    code, out, err = invoke("prompts", "--from-promptfoo", str(path))
    assert code == 2 and out == "" and message in err and str(path) in err and "Traceback" not in err


def test_a_directory_that_is_not_promptfoo_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "left-pad"
    other.mkdir()
    (other / "package.json").write_text(json.dumps({"name": "left-pad"}))
    code, _, err = invoke("prompts", "--from-promptfoo", str(other))
    assert code == 2 and "names 'left-pad', not promptfoo" in err
    package = fake_promptfoo(tmp_path)
    (package / "dist" / "src" / "external" / "prompts" / "ragas.js").unlink()
    code, _, err = invoke("prompts", "--from-promptfoo", str(package))
    assert code == 2 and "defines no CONTEXT_FAITHFULNESS_LONGFORM, CONTEXT_FAITHFULNESS_NLI_STATEMENTS" in err


def test_a_computed_template_is_refused(tmp_path: Path) -> None:
    package = fake_promptfoo(tmp_path)
    module = package / "dist" / "src" / "external" / "prompts" / "ragas.js"
    module.write_text(module.read_text().replace("create statements.", "create ${count} statements."))
    code, _, err = invoke("prompts", "--from-promptfoo", str(package))
    assert code == 2 and "computes a part" in err


@pytest.mark.oracle
def test_the_real_promptfoo_package() -> None:
    package = os.environ.get("FAITHCOMPAT_PROMPTFOO_PACKAGE")
    if not package or not Path(package, "package.json").is_file() or shutil.which("node") is None:
        pytest.skip(
            "set FAITHCOMPAT_PROMPTFOO_PACKAGE to an installed promptfoo: mkdir -p /tmp/pf && cd /tmp/pf && "
            "npm i promptfoo@0.119.14 --ignore-scripts; FAITHCOMPAT_PROMPTFOO_PACKAGE=/tmp/pf/node_modules/promptfoo"
        )
    modules = [p for p in Path(package, "dist").rglob("*.js") if "CONTEXT_FAITHFULNESS_LONGFORM =" in p.read_text()]
    script = (
        "const m = require(process.argv[1]);"
        "console.log(JSON.stringify([m.CONTEXT_FAITHFULNESS_LONGFORM, m.CONTEXT_FAITHFULNESS_NLI_STATEMENTS]))"
    )
    node = subprocess.run(["node", "-e", script, str(modules[0])], capture_output=True, text=True, check=True)
    longform, nli = json.loads(node.stdout)
    sets = promptfoo_prompts(package)
    # Exactly promptfoo's text: only the placeholders are spelled as faithcompat fills them.
    assert sets.legacy.statements == longform.replace("{{ ", "{{").replace(" }}", "}}")
    assert sets.legacy.verdicts == nli.replace('{{statements|join("\\n")}}', "{{statements}}")
    assert "{{statements}}" in sets.legacy.verdicts and "{{question}}" in sets.legacy.statements
