from compat._cli import run

run()
