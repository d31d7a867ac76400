#!/usr/bin/env bash
# Starts this machine's PostgreSQL 15 (Debian's cluster 15/main) and makes sure the login role
# ROLE (password ROLE, CREATEDB) exists: what .ci/run and the benches need. Run as root.
# Usage: scripts/local-postgres.sh ROLE
set -euo pipefail
role="${1:?usage: scripts/local-postgres.sh ROLE}"
pg_ctlcluster 15 main start 2>/dev/null || true
for _ in $(seq 1 30); do
  runuser -u postgres -- psql -qtAc 'select 1' >/dev/null 2>&1 && break
  sleep 1
done
runuser -u postgres -- psql -qtAc "DO \$\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role} LOGIN PASSWORD '${role}' CREATEDB; END IF; END \$\$;" >/dev/null
