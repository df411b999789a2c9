"""The Dask engine (``faithcompat diff --engine dask``): the local engine's diff, its pieces on a cluster.

How it works: docs/dask.md. ``engine`` connects to the cluster, schedules the tasks and
merges their results in corpus order; ``pieces`` cuts the corpus into pieces and compares
one on a worker (with the local engine's ``compat.diff._units``); ``ids`` runs the pass
that finds ids repeated across pieces; ``parts`` writes each piece's ``cases.jsonl`` lines
to a part on its worker, reads them back on the client, checks them, and probes the
storage both must share. Importing this package does not import Dask.
"""

from compat.diff.dask.engine import DaskSettings, run_diff_dask
from compat.diff.dask.parts import is_part_file

__all__ = ["DaskSettings", "is_part_file", "run_diff_dask"]
