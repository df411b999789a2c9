"""The league: every candidate scorer against one control on one corpus (``faithcompat compare``).

``table`` builds the table (each candidate compared as ``diff`` compares, with what no
single report counts); ``views`` shows it for a terminal, as Markdown, as JSON and as
report.html's section. See docs/compare.md.
"""

from compat.rollout.league.table import LeagueRow, LeagueTable, build_league
from compat.rollout.league.views import league_json, league_pages, league_schema, league_section, render_league

__all__ = [
    "LeagueRow",
    "LeagueTable",
    "build_league",
    "league_json",
    "league_pages",
    "league_schema",
    "league_section",
    "render_league",
]
