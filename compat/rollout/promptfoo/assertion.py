"""The flag inside promptfoo: faithcompat's faithfulness assertion, as data in and data out.

promptfoo calls a python assertion with the model's output and a context (the test's
vars, the assertion's ``config``); ``promptfoo_assertion.get_assert`` hands both here.
The test's vars and the output become a dataset row graded through
``compat.grading.grade_row``, and the arms the flag's mode needs are scored; the result
records every grader text, verdict and cause under ``metadata.faithcompat``, which
``faithcompat diff results.json`` reads back. The modes, the config and what an
undetermined score does: docs/promptfoo.md.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from compat._errors import AssertionConfigError, FaithcompatError
from compat._text import parse_flag
from compat.cases import DEFAULT_THRESHOLD, ArmName, Case
from compat.diff import score_arm
from compat.grading import DEFAULT_CACHE, GraderSettings, GradeSettings, ReplyCache, Row, grade_row, load_prompts
from compat.rollout._flag import candidate_decides, openfeature_from_env
from compat.rollout._modes import Mode
from compat.rollout._openfeature import OpenFeatureSettings, Resolved, modes_for
from compat.scoring import Score, get_scorer

METADATA_KEY = "faithcompat"
RECORD_VERSION = 1
# The arms each mode grades, and the one that decides where the key does not choose.
_ARMS: dict[Mode, tuple[ArmName, ...]] = {
    Mode.LEGACY: ("legacy",),
    Mode.SHADOW: ("ragas",),
    Mode.LIVE: ("legacy", "ragas"),
    Mode.CANDIDATE: ("ragas",),
}
# Through OpenFeature the flag says each test's mode, and this assertion decides every test (promptfoo's
# own is not beside it): shadow grades both arms and legacy decides, as the library's flag does.
_FLAG_ARMS: dict[Mode, tuple[ArmName, ...]] = {**_ARMS, Mode.SHADOW: ("legacy", "ragas")}


Undetermined = Literal["fail", "skip"]


@dataclass(frozen=True)
class AssertionSettings:
    """What the assertion's ``config`` (first) and the environment (second) say."""

    mode: Mode
    model: str
    percent: float = 0.0
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    cache: Path | None = DEFAULT_CACHE
    prompts: str | None = None
    threshold: float = DEFAULT_THRESHOLD
    undetermined: Undetermined = "fail"
    key_var: str | None = None
    max_retries: int = 1
    strict_json: bool = False
    openfeature: OpenFeatureSettings | None = None  # each test's mode from the team's flag system instead

    @classmethod
    def from_config(
        cls, config: Mapping[str, Any] | None, environ: Mapping[str, str] | None = None
    ) -> AssertionSettings:
        env = os.environ if environ is None else environ
        given = dict(config or {})
        known = {
            "mode", "percent", "model", "base_url", "api_key_env", "cache", "prompts", "threshold",
            "undetermined", "key_var", "max_retries", "strict_json", "flag", "flag_key", "flag_file",
        }  # fmt: skip
        unknown = sorted(set(given) - known)
        if unknown:
            raise AssertionConfigError(f"config: unknown key {unknown[0]!r} (known: {', '.join(sorted(known))})")
        openfeature = _openfeature(given, env)
        if openfeature is not None:
            said = [name for name in ("mode", "percent") if given.get(name) not in (None, "")]
            said += [name for name in ("FAITHCOMPAT_MODE", "FAITHCOMPAT_PERCENT") if env.get(name, "").strip()]
            if said:
                raise AssertionConfigError(
                    f"config: {' and '.join(said)} given with the OpenFeature flag, which says each test's mode"
                )
        unset = "legacy" if openfeature is not None else "shadow"  # through OpenFeature: no mode of its own
        raw_mode = str(given.get("mode") or env.get("FAITHCOMPAT_MODE") or unset).strip().lower()
        try:
            mode = Mode(raw_mode)
        except ValueError:
            names = ", ".join(m.value for m in Mode)
            raise AssertionConfigError(f"config: mode {raw_mode!r} is not a mode; use one of {names}") from None
        percent = _number(given.get("percent", env.get("FAITHCOMPAT_PERCENT", "0")), "percent")
        if not 0 <= percent <= 100:
            raise AssertionConfigError(f"config: percent must be within 0 and 100, not {percent:g}")
        if mode is Mode.LIVE and percent == 0:
            raise AssertionConfigError("config: live mode needs percent above 0 (FAITHCOMPAT_PERCENT), or use shadow")
        model = given.get("model") or env.get("FAITHCOMPAT_GRADER_MODEL")
        if not isinstance(model, str) or not model:
            raise AssertionConfigError("config: no grader model: set model (or FAITHCOMPAT_GRADER_MODEL)")
        undetermined = given.get("undetermined", "fail")
        if undetermined not in ("fail", "skip"):
            raise AssertionConfigError(f"config: undetermined must be fail or skip, not {undetermined!r}")
        cache = given.get("cache", str(DEFAULT_CACHE))
        return cls(
            mode=mode,
            model=model,
            percent=percent,
            base_url=given.get("base_url") or env.get("FAITHCOMPAT_GRADER_BASE_URL") or None,
            api_key_env=str(given.get("api_key_env", "OPENAI_API_KEY")),
            cache=None if cache in (None, "", False) else Path(str(cache)),
            prompts=given.get("prompts"),
            threshold=_number(given.get("threshold", DEFAULT_THRESHOLD), "threshold"),
            undetermined=undetermined,
            key_var=given.get("key_var"),
            max_retries=int(_number(given.get("max_retries", 1), "max_retries")),
            strict_json=_flag(given.get("strict_json", False), "strict_json"),
            openfeature=openfeature,
        )


def _openfeature(given: Mapping[str, Any], env: Mapping[str, str]) -> OpenFeatureSettings | None:
    """The config's ``flag``, ``flag_key`` and ``flag_file`` over ``FAITHCOMPAT_FLAG``, ``..._KEY``, ``..._FILE``."""
    names = {"flag": "FAITHCOMPAT_FLAG", "flag_key": "FAITHCOMPAT_FLAG_KEY", "flag_file": "FAITHCOMPAT_FLAG_FILE"}
    merged = dict(env)
    merged.update({variable: str(given[key]) for key, variable in names.items() if given.get(key) is not None})
    try:
        return openfeature_from_env(merged)
    except FaithcompatError as error:
        raise AssertionConfigError(f"config: {error}") from None


def _flag(value: Any, name: str) -> bool:
    try:
        return parse_flag(value)
    except ValueError as error:
        raise AssertionConfigError(f"config: {name}: {error}") from None


def _number(value: Any, name: str) -> float:
    try:
        number = float(str(value).strip().rstrip("%"))
    except ValueError:
        raise AssertionConfigError(f"config: {name} must be a number, not {value!r}") from None
    if not math.isfinite(number):
        raise AssertionConfigError(f"config: {name} must be a finite number, not {value!r}")
    return number


@dataclass(frozen=True)
class AssertionResult:
    """One test's assertion: the graded case, each arm's score, and which arm decided."""

    key: str
    settings: AssertionSettings
    case: Case
    scores: dict[ArmName, Score]
    decided_by: ArmName
    mode: Mode  # this test's: the settings', or what the OpenFeature flag said for its key
    flag: Resolved | None = None  # the OpenFeature flag's answer, with why the control decided if it could not

    @property
    def decision(self) -> Score:
        return self.scores[self.decided_by]


def test_key(variables: Mapping[str, Any], description: str | None, key_var: str | None) -> str:
    """The sticky key of a test: the ``key_var`` variable, else its description, else its vars' digest."""
    if key_var is not None:
        value = variables.get(key_var)
        if value is None:
            raise AssertionConfigError(f"config: key_var {key_var!r} names no variable of the test")
        return str(value)
    if description:
        return description
    canonical = json.dumps(dict(variables), sort_keys=True, ensure_ascii=True, default=str)
    return "vars-" + hashlib.sha256(canonical.encode("ascii")).hexdigest()[:16]


def run_assertion(
    question: str, answer: str, contexts: tuple[str, ...], key: str, settings: AssertionSettings
) -> AssertionResult:
    """Grade the arms the test's mode needs and score them; the deciding arm by the flag's rule."""
    flag: Resolved | None = None
    decided_by: ArmName
    if settings.openfeature is not None:
        flag = modes_for(settings.openfeature).resolve(key)
        mode, arms = flag.mode, _FLAG_ARMS[flag.mode]
        decided_by = "ragas" if mode in (Mode.LIVE, Mode.CANDIDATE) else "legacy"
    else:
        mode, arms = settings.mode, _ARMS[settings.mode]
        decided_by = "ragas" if candidate_decides(settings.mode, settings.percent, key) else "legacy"
        if settings.mode is Mode.SHADOW:
            decided_by = "ragas"  # what this assertion reports; promptfoo's own assertion decides the test
    row = Row(
        id=key,
        question=question,
        answer=answer,
        contexts=contexts,
        source="promptfoo",
        line=1,
        threshold=settings.threshold,
    )
    grade = GradeSettings(  # base_url: the endpoint is in every cache key, as grade's
        model=settings.model,
        arms=arms,
        max_retries=settings.max_retries,
        strict_json=settings.strict_json,
        base_url=settings.base_url,
    )
    grader = GraderSettings(
        base_url=settings.base_url, model=settings.model, api_key=os.environ.get(settings.api_key_env, "")
    )
    cache = ReplyCache(settings.cache)
    try:
        case = grade_row(row, grade, load_prompts(settings.prompts), cache, grader)
    finally:
        cache.close()
    scores = {arm: score_arm(get_scorer(arm), case, arm) for arm in arms}
    return AssertionResult(key, settings, case, scores, decided_by, mode, flag)


def grading_result(result: AssertionResult) -> dict[str, Any]:
    """The promptfoo GradingResult: pass, score, reason, namedScores and the record in metadata."""
    settings = result.settings
    decision = result.decision
    if result.flag is not None and settings.openfeature is not None:
        stage = f"{result.mode.value} (OpenFeature flag {settings.openfeature.flag_key}"
        stage += f"; {result.flag.fallback}: the control decides)" if result.flag.fallback else ")"
    else:
        stage = settings.mode.value + (f" {settings.percent:g}%" if settings.mode is Mode.LIVE else "")
    said = f"faithcompat {stage}, {result.decided_by} arm"
    if result.flag is None and settings.mode is Mode.SHADOW:
        said += " (recorded beside promptfoo's context-faithfulness, which decides)"
    if decision.is_finite:
        passed, score, reason = decision.passed, float(decision.value or 0.0), f"{said}: {decision.reason}"
    else:
        cause = decision.cause.value if decision.cause is not None else "not a finite score"
        passed = settings.undetermined == "skip"
        verdict = "skipped (undetermined: skip)" if passed else "failed (undetermined: fail)"
        reason = f"{said}: undetermined ({cause}), {verdict}; no score: {decision.reason}"
        score = 0.0
    named = {f"faithfulness-{arm}": s.value for arm, s in result.scores.items() if s.is_finite}
    return {
        "pass": passed,
        "score": score,
        "reason": reason,
        "namedScores": named,
        "metadata": {METADATA_KEY: record(result)},
    }


def record(result: AssertionResult) -> dict[str, Any]:
    """What ``faithcompat diff`` reads back: the arms as graded, each arm's reading, the decision."""
    settings = result.settings
    arms = result.case.arms.model_dump(mode="json", exclude_none=True) if result.case.arms is not None else {}
    return {
        "version": RECORD_VERSION,
        "key": result.key,
        "mode": result.mode.value,
        "percent": settings.percent,
        "threshold": settings.threshold,
        "decided_by": result.decided_by,
        "arms": arms,
        "scores": {arm: _score_record(score) for arm, score in result.scores.items()},
        **({"flag": _flag_record(result.flag, settings.openfeature)} if result.flag and settings.openfeature else {}),
    }


def _flag_record(flag: Resolved, settings: OpenFeatureSettings) -> dict[str, Any]:
    return {"source": "openfeature", "key": settings.flag_key, "variant": flag.variant, "fallback": flag.fallback}


def _score_record(score: Score) -> dict[str, Any]:
    return {
        "value": score.value if score.is_finite else None,
        "status": score.status.value,
        "cause": None if score.cause is None else score.cause.value,
        "passed": score.passed,
        "reason": score.reason,
        "verdicts": [{"statement": v.statement, "verdict": v.verdict, "reason": v.reason} for v in score.verdicts],
    }


def promptfoo_result(
    output: Any, context: Mapping[str, Any], environ: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """``get_assert(output, context)``'s whole job; a config or grader problem fails the assertion, named."""
    try:
        variables = context.get("vars") or {}
        question = variables.get("query")
        if not isinstance(question, str):
            raise AssertionConfigError('the test needs a "query" variable: the user\'s question')
        contexts = variables.get("context")
        if isinstance(contexts, str):
            contexts = [contexts]
        if not isinstance(contexts, list) or not all(isinstance(item, str) for item in contexts):
            raise AssertionConfigError('the test needs a "context" variable: a string or a list of strings')
        answer = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)
        settings = AssertionSettings.from_config(context.get("config"), environ)
        test = context.get("test") or {}
        key = test_key(variables, test.get("description"), settings.key_var)
        return grading_result(run_assertion(question, answer, tuple(contexts), key, settings))
    except FaithcompatError as error:  # a grader that cannot be used, a cache that cannot be written
        return {"pass": False, "score": 0.0, "reason": f"faithcompat: {error}"}
