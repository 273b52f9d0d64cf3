#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine, for the sharded-match end-to-end test
# (tests/it/slurm.rs) and for trying examples/slurm by hand. Needs root; works without systemd and
# without cgroup control (proctrack/linuxproc, task/none), daemons in the foreground of their
# own sessions.
#
#   scripts/slurm-one-node.sh start    install slurm-wlm and munge if missing (Debian), start
#                                      munged, slurmctld and slurmd, wait for the node to be idle
#   scripts/slurm-one-node.sh stop     stop the daemons this script started (by their pid files)
#   scripts/slurm-one-node.sh status   sinfo
#
# Everything lives in $RENZOKU_SLURM_DIR (default /tmp/renzoku-slurm): slurm.conf, state, spool,
# logs, pid files. Commands find the cluster with SLURM_CONF=$RENZOKU_SLURM_DIR/slurm.conf (the
# test looks there by itself).
set -euo pipefail

DIR=${RENZOKU_SLURM_DIR:-/tmp/renzoku-slurm}
CONF=$DIR/slurm.conf
export SLURM_CONF=$CONF

die() { echo "slurm-one-node: $*" >&2; exit 1; }

install_packages() {
  if command -v slurmctld >/dev/null && command -v slurmd >/dev/null \
     && command -v sbatch >/dev/null && command -v munged >/dev/null; then
    return
  fi
  [ "$(id -u)" = 0 ] || die "slurm-wlm and munge are missing and installing them needs root"
  echo "slurm-one-node: installing slurm-wlm and munge (apt-get)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

start_munge() {
  if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    return # a munged is running already (ours or the system's)
  fi
  [ -f /etc/munge/munge.key ] || mungekey -c
  chown munge:munge /etc/munge/munge.key
  chmod 400 /etc/munge/munge.key
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge
  su -s /bin/sh munge -c /usr/sbin/munged
  for _ in $(seq 50); do
    if munge -n | unmunge >/dev/null 2>&1; then
      # munged daemonises itself and writes its own pid file: ours to stop.
      cp /run/munge/munged.pid "$DIR/munged.pid" 2>/dev/null || true
      return
    fi
    sleep 0.1
  done
  die "munged does not answer (munge -n | unmunge)"
}

write_conf() {
  local host cpus
  host=$(hostname -s)
  cpus=$(nproc)
  mkdir -p "$DIR/state" "$DIR/spool" "$DIR/log"
  cat >"$CONF" <<CONF
# Written by scripts/slurm-one-node.sh: one controller and one node on this machine, both
# reached on the loopback address (a container's host name need not resolve).
ClusterName=renzoku
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
}

start() {
  install_packages
  mkdir -p "$DIR"
  start_munge
  write_conf
  if ! pid_alive "$DIR/slurmctld.pid"; then
    setsid slurmctld -D -i -f "$CONF" >"$DIR/log/slurmctld.out" 2>&1 < /dev/null &
    echo $! >"$DIR/slurmctld.pid"
  fi
  if ! pid_alive "$DIR/slurmd.pid"; then
    setsid slurmd -D -f "$CONF" >"$DIR/log/slurmd.out" 2>&1 < /dev/null &
    echo $! >"$DIR/slurmd.pid"
  fi
  for _ in $(seq 150); do
    if sinfo -h -o %t 2>/dev/null | grep -qx idle; then
      echo "slurm-one-node: node $(hostname -s) idle (SLURM_CONF=$CONF)"
      return
    fi
    sleep 0.2
  done
  tail -n 20 "$DIR/log/slurmctld.log" "$DIR/log/slurmd.log" >&2 || true
  die "the node did not become idle within 30 s"
}

stop() {
  for d in slurmd slurmctld; do
    if pid_alive "$DIR/$d.pid"; then
      kill "$(cat "$DIR/$d.pid")"
      for _ in $(seq 50); do pid_alive "$DIR/$d.pid" || break; sleep 0.1; done
    fi
    rm -f "$DIR/$d.pid"
  done
  if pid_alive "$DIR/munged.pid"; then
    kill "$(cat "$DIR/munged.pid")"
  fi
  rm -f "$DIR/munged.pid"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) sinfo ;;
  *) die "usage: $0 start|stop|status" ;;
esac
