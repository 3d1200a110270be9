"""The reliability harness: the rules server probed from outside as an
operator would, killed, fuzzed, starved of disk and fed broken content.

Each probe is a module here with a `run(...)` returning its counts; the
`bench/bench_*.py` scripts run them at full size (`make bench`), and
`tests/reliability/` runs them small within `make test`.
"""
