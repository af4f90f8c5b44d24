#!/bin/sh
# Starts one process of the system: the first argument, else $SERVICE.
set -eu
service="${1:-${SERVICE:-}}"
case "$service" in
  migrate) exec node libs/db/dist/migrateMain.js ;;
  secrets-reseal) exec node services/config-service/dist/secrets/resealSecretsMain.js ;;
  provider-emulator | config-service | accounts-api | loader) exec node "services/$service/dist/main.js" ;;
  *)
    echo "usage: pass one of migrate, secrets-reseal, provider-emulator, config-service, accounts-api, loader as the command (or set SERVICE)" >&2
    exit 64
    ;;
esac
