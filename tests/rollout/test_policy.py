"""Policy files decide rollouts: every value is what it says or an error naming its key."""

from __future__ import annotations

from pathlib import Path

import pytest

from compat.rollout._policy import Policy, PolicyError, default_policy_toml, load_policy


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ('max_unexplained = "3"', "rollout.max_unexplained: input should be a valid integer"),
        ("min_cohort_size = true", "rollout.min_cohort_size: input should be a valid integer"),
        ("min_cohort_size = 1.0", "rollout.min_cohort_size: input should be a valid integer"),
        ("max_undetermined_rate = nan", "rollout.max_undetermined_rate: input should be a finite number"),
        (
            "live_percentages = [-5.0, 500.0]",
            "rollout.live_percentages: each live stage is a percentage of traffic, above 0 and at most 100",
        ),
        ("live_percentages = [1.0, inf]", "rollout.live_percentages.1: input should be a finite number"),
        ("live_percentages = [5, 5]", "rollout.live_percentages: live stages must increase strictly"),
        ("live_percentages = [50, 5]", "rollout.live_percentages: live stages must increase strictly"),
        ("live_percentages = []", "rollout.live_percentages: at least one live stage is needed"),
    ],
)
def test_a_value_of_the_wrong_kind_or_out_of_range_is_named(tmp_path: Path, line: str, problem: str) -> None:
    path = tmp_path / "policy.toml"
    path.write_text(f"[rollout]\n{line}\n", encoding="utf-8")
    with pytest.raises(PolicyError) as raised:
        load_policy(path)
    assert str(raised.value) == f"{path}: {problem}"


def test_the_default_policy_file_reads_back_as_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "policy.toml"
    path.write_text(default_policy_toml(), encoding="utf-8")
    assert load_policy(path) == Policy()


def test_whole_numbers_are_accepted_where_a_rate_or_percentage_is_expected(tmp_path: Path) -> None:
    path = tmp_path / "policy.toml"
    path.write_text("[rollout]\nmax_undetermined_rate = 0\nlive_percentages = [10, 100]\n", encoding="utf-8")
    policy = load_policy(path)
    assert policy.rollout.max_undetermined_rate == 0 and policy.rollout.live_percentages == [10, 100]


def test_the_default_policy_shows_the_accept_list_with_what_it_does() -> None:
    text = default_policy_toml()
    lines = text.splitlines()
    index = lines.index("accept_causes = []")
    assert lines[index - 1].startswith("# Named causes whose pass/fail flips do not count against the flip rates")
    assert "not unexplained" in lines[index - 1]
