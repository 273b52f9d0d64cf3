#!/usr/bin/env bash
# Installs Debian's numpy and scipy when no Python 3 here has them: the engine's tuning-pipeline
# test (crates/engine/tests/tuning_pipeline.rs) runs the fitting scripts of
# tuning/ and looks for them in the same interpreters, in this order. Needs root;
# CI runs as root.
set -euo pipefail
for py in "${RENZOKU_PYTHON:-}" python3 /usr/bin/python3; do
  if [ -n "$py" ] && "$py" -c 'import numpy, scipy' >/dev/null 2>&1; then
    exit 0
  fi
done
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-python-tuning: no python3 with numpy and scipy, and installing them needs root and apt-get" >&2
  exit 1
fi
echo "install-python-tuning: installing python3-numpy and python3-scipy (apt-get)"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  python3 python3-numpy python3-scipy >/dev/null
/usr/bin/python3 -c 'import numpy, scipy'
