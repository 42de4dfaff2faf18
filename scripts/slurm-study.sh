#!/usr/bin/env bash
# A study run by a real Slurm cluster: starts a single-node cluster (Debian's slurm-wlm and
# munge, as ../shared/TOOLCHAIN.md describes), sweeps a study with `--slurm`, submits its array
# with `sbatch --wait`, merges, and checks that the table equals `run-many`'s byte for byte; then
# stops the daemons it started. Needs root (the daemons) and the release runner
# (`cargo build --release -p cloudecon-core --bin cloudecon`). scripts/test.sh runs it.
set -euo pipefail
source "$(dirname "$0")/env.sh"

RUNNER="$ROOT/target/release/cloudecon"
WORK="$(mktemp -d /tmp/cloudecon-slurm.XXXXXX)"
STATE="$WORK/slurm"
CONF="$WORK/slurm.conf"
STARTED_MUNGE=""

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

stop() {
  # The daemons started with this run's configuration (by its path), then munged if started here.
  as_root pkill -f -- "-f $CONF" 2>/dev/null || true
  for _ in $(seq 25); do pgrep -f -- "-f $CONF" >/dev/null || break; sleep 0.2; done
  as_root pkill -9 -f -- "-f $CONF" 2>/dev/null || true
  if [ -n "$STARTED_MUNGE" ]; then as_root pkill -x munged || true; fi
  rm -rf "$WORK"
}
trap stop EXIT

# The cluster: munge's key and socket folder, then munged, slurmctld and slurmd.
if [ ! -f /etc/munge/munge.key ]; then
  as_root /usr/sbin/mungekey --create
  as_root chown munge:munge /etc/munge/munge.key
  as_root chmod 400 /etc/munge/munge.key
fi
as_root mkdir -p /run/munge
as_root chown munge:munge /run/munge
if ! pgrep -x munged >/dev/null; then
  as_root su -s /bin/sh munge -c /usr/sbin/munged
  STARTED_MUNGE=1
fi
# Slurm authenticates through munge: wait until it answers.
for _ in $(seq 50); do
  munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break
  sleep 0.2
done

HOST="$(hostname -s)"
MEM="$(awk '/MemTotal/ { print int($2 / 1024 / 2) }' /proc/meminfo)"
mkdir -p "$STATE/ctld" "$STATE/d"
cat > "$CONF" <<EOF
ClusterName=cloudecon-test
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/d
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldPort=6917
SlurmdPort=6918
MpiDefault=none
SchedulerType=sched/backfill
MaxArraySize=1001
NodeName=$HOST CPUs=$(nproc) RealMemory=$MEM State=UNKNOWN
PartitionName=test Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$CONF"
as_root env SLURM_CONF="$CONF" /usr/sbin/slurmctld -f "$CONF"
as_root env SLURM_CONF="$CONF" /usr/sbin/slurmd -f "$CONF"
for _ in $(seq 50); do
  [ -f "$STATE/slurmctld.pid" ] && [ -f "$STATE/slurmd.pid" ] && break
  sleep 0.2
done
for _ in $(seq 100); do
  sinfo -h -o '%T' 2>/dev/null | grep -qx idle && break
  sleep 0.3
done
sinfo

# The study: an Abacus α grid over three seeds, once through Slurm and once by run-many.
"$RUNNER" preset abacus-convergence-linear > "$WORK/abacus.json"
for engine in slurm local; do
  "$RUNNER" sweep "$WORK/abacus.json" --vary /alpha=0.1:0.9:0.2 --seeds 3 --out "$WORK/$engine" --slurm
done
sbatch --wait "$WORK/slurm/slurm.sh"
"$RUNNER" run-many "$WORK/local"
"$RUNNER" merge "$WORK/slurm" -o "$WORK/slurm.csv"
"$RUNNER" merge "$WORK/local" -o "$WORK/local.csv"
cmp "$WORK/slurm.csv" "$WORK/local.csv"
test "$("$RUNNER" missing "$WORK/slurm")" = ""
echo "slurm: $(($(wc -l < "$WORK/slurm.csv") - 1)) shards run as a job array; the merged table equals run-many's"
