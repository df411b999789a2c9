from compat.cli import run

run()
