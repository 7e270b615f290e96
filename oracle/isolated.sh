#!/usr/bin/env bash
# Runs a command in a private network namespace that has only loopback. java-tron's p2p library
# looks up its public IP and a public host name at start; inside the namespace those lookups fail
# at once and nothing leaves this machine. Everything that talks to java-tron runs inside too.
set -euo pipefail
exec unshare -n -- bash -c 'ip link set lo up && exec "$@"' isolated "$@"
