#!/usr/bin/env bash
# System packages the build and tests need beyond PyPI. Runs once per machine
# (the Makefile stamps it); every step is idempotent.
set -euo pipefail
need=()
command -v luacheck >/dev/null 2>&1 || need+=(lua-check)
python3 - <<'PY' || need+=(libraqm0 libfribidi0)
import ctypes.util, sys
sys.exit(0 if ctypes.util.find_library("fribidi") else 1)
PY
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "please install: ${need[*]}" >&2
    exit 1
  fi
fi
