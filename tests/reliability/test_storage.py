"""Storage faults on a loop-mounted file system (bench/bench_storage.py
plays longer): nothing acknowledged lost under FULL, /healthz 503 while
the disk refuses writes, and the server starts and serves reads on a full
or read-only disk. Needs root; without the capability this test says so
(skipped, with the reason in the summary) rather than passing."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench.reliability import storage

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from bench_storage import verdict  # noqa: E402


def test_full_and_read_only_disks_lose_nothing_and_healthz_tells(tmp_path):
    reason = storage.unavailable()
    if reason:
        pytest.skip(f"STORAGE FAULTS NOT TESTED: {reason}")
    r = storage.run(seconds=0.8, tables=2, workdir=tmp_path, size_mb=16, log=lambda _: None)
    assert r["acknowledged"] > 50
    assert verdict(r) == [], r
