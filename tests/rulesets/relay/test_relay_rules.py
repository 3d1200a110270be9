"""Every relay rule ID is cited by a test here (tools/rule_coverage.py,
run with the registration relay's tests use)."""
from __future__ import annotations

import os
import subprocess
import sys

from relay_helpers import REGISTRATION, ROOT


def test_every_rule_id_has_a_test():
    env = {**os.environ, "HAUNTKIT_RULESETS": REGISTRATION}
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "rule_coverage.py"), "relay"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "NO TEST" not in out.stdout and out.stdout.count("L-") >= 13
