"""The settings a grading run follows (``GradeSettings``), and a ``grade`` run's settings from its
options as given (strings, numbers, paths: ``GradeRun.from_options``): the arms resolved, the
HHEM settings, the grader of each endpoint. The CLI parses the options and calls it; what
cannot make a run is a domain error."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from compat._errors import GradeOptionsError
from compat.cases import DEFAULT_MAX_CASE_BYTES, ArmConfig, ArmName
from compat.grading._arms import check_arms, parse_arm, run_arm
from compat.grading._hhem import DEFAULT_BATCH_SIZE, DEFAULT_MAX_TOKENS, HUB_ID, HhemSettings
from compat.grading.grader import GraderSettings
from compat.grading.prompts import PromptSets, load_prompts

# The arm `grade --hhem` declares where no arm has verifier=hhem: the ragas preset, HHEM for call 2.
HHEM_ARM = "ragas-hhem"


@dataclass(frozen=True, slots=True)
class GradeSettings:
    """Seed 001's options, with their meaning: ``strict_json`` asks the server for JSON on
    the ragas arm; ``max_retries`` re-asks an unparseable ragas-arm output; ``samples``
    grades each case K times per arm, sample k with seed ``seed + k`` (``None``: none sent).
    ``max_error_rate``: the share of cases with a grader error above which the run fails
    (one where every case failed fails whatever it says); ``max_case_bytes``: the longest
    case line the corpus reader accepts, which every line written must fit. ``arms``: the
    presets by name (graded under the run's options) and declared arms (``ArmConfig``,
    ``parse_arm``); ``base_url``: the run's endpoint, recorded on declared arms."""

    model: str
    arms: tuple[ArmName | ArmConfig, ...] = ("legacy", "ragas")
    samples: int = 1
    max_retries: int = 1
    strict_json: bool = False
    temperature: float = 0.0
    seed: int | None = 0
    window: int = 512  # rows ahead of the oldest one not yet written: bounds memory, not speed
    max_error_rate: float = 0.1
    max_case_bytes: int = DEFAULT_MAX_CASE_BYTES
    base_url: str | None = None
    # The HHEM model every arm with verifier=hhem judges with (grade --hhem, --device, --batch-size).
    hhem: HhemSettings | None = None

    def arm_options(self, prompts: str = "built-in") -> dict[str, Any]:
        """The run's options every arm is graded under unless it says otherwise."""
        return {
            "prompts": prompts,
            "temperature": self.temperature,
            "strict_json": self.strict_json,
            "max_retries": self.max_retries,
            "samples": self.samples,
        }

    def configs(self, prompts: str = "built-in") -> tuple[ArmConfig, ...]:
        """Every arm of the run as a configuration (``prompts``: the run's templates' origin)."""
        options = self.arm_options(prompts)
        return tuple(
            arm if isinstance(arm, ArmConfig) else run_arm(arm, model=self.model, base_url=None, options=options)
            for arm in self.arms
        )


@dataclass(frozen=True, slots=True)
class HhemOptions:
    """``grade``'s HHEM options as given: ``model`` is ``--hhem`` (``None``: not given, no arm
    declared by it), the rest how HHEM runs for every arm with ``verifier=hhem``."""

    model: str | None = None
    device: str = "cpu"
    batch_size: int = DEFAULT_BATCH_SIZE
    max_tokens: int = DEFAULT_MAX_TOKENS
    threads: int | None = None

    def settings(self) -> HhemSettings:
        return HhemSettings(
            source=self.model or HUB_ID,
            device=self.device,
            batch_size=self.batch_size,
            max_tokens=self.max_tokens,
            threads=self.threads,
        )


@dataclass(frozen=True, slots=True)
class GradeRun:
    """What a ``grade`` run needs: its prompts, its settings, its grader, and the graders of
    declared arms that ask another endpoint (by base URL)."""

    prompts: PromptSets
    settings: GradeSettings
    grader: GraderSettings
    endpoints: Mapping[str, GraderSettings]

    @classmethod
    def from_options(
        cls,
        *,
        model: str,
        base_url: str | None,
        api_key_env: str,
        arms: str,
        declared: Sequence[str],
        prompts: str | None,
        samples: int,
        max_retries: int,
        strict_json: bool,
        temperature: float,
        seed: int,
        concurrency: int,
        rpm: float | None,
        timeout: float,
        retries: int,
        max_error_rate: float,
        max_case_bytes: int,
        hhem: HhemOptions,
        dry_run: bool,
        environ: Mapping[str, str] = os.environ,
    ) -> GradeRun:
        """The run ``grade``'s options describe (``arms``: ``--arms``; ``declared``: each ``--arm``).

        Raises ``PromptError`` and ``ArmError`` for prompts and arms that cannot be used,
        ``GradeOptionsError`` for options that grade nothing or a missing API key, and
        ``GraderUnusableError`` for a base URL that is not one.
        """
        sets = load_prompts(prompts)
        run = GradeSettings(  # the arms come next, graded under these options
            model=model,
            samples=samples,
            max_retries=max_retries,
            strict_json=strict_json,
            temperature=temperature,
            seed=seed,
            max_error_rate=max_error_rate,
            max_case_bytes=max_case_bytes,
            base_url=base_url,
        )
        options = run.arm_options(sets.origin)
        own = tuple(parse_arm(spec, model=model, base_url=base_url, options=options) for spec in declared)
        verified = any(arm.verifier == "hhem" for arm in own)
        if hhem.model and not verified:  # --hhem alone: the ragas preset, HHEM for call 2
            own += (parse_arm(f"{HHEM_ARM}=ragas,verifier=hhem", model=model, base_url=base_url, options=options),)
        presets: tuple[str, ...] = {"both": ("legacy", "ragas"), "none": ()}.get(arms, (arms,))
        if not presets and not own:
            raise GradeOptionsError("--arms none grades nothing: declare an arm with --arm NAME=PRESET[,KEY=VALUE...]")
        settings = replace(
            run,
            arms=(*presets, *own),
            # The dry run counts grader calls: an hhem arm adds none, and its model need not load for that.
            hhem=hhem.settings() if (hhem.model or verified) and not dry_run else None,
        )
        check_arms(settings.configs(sets.origin))
        api_key = environ.get(api_key_env, "")
        if not dry_run and not api_key and base_url is None:
            raise GradeOptionsError(
                f"the API key is not set: export {api_key_env}=... (or name another: --api-key-env)"
            )
        grader = GraderSettings(  # checks the URL before the dataset is read
            base_url=base_url,
            model=model,
            api_key=api_key,
            timeout=timeout,
            retries=retries,
            concurrency=concurrency,
            rpm=rpm,
        )
        return cls(prompts=sets, settings=settings, grader=grader, endpoints=_endpoints(own, grader))


def _endpoints(arms: Sequence[ArmConfig], grader: GraderSettings) -> dict[str, GraderSettings]:
    """The grader of each declared arm's own endpoint: the run's settings at another base URL."""
    return {
        arm.base_url: replace(grader, base_url=arm.base_url)
        for arm in arms
        if arm.base_url is not None and arm.base_url != grader.base_url
    }
