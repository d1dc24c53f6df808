#!/usr/bin/env bash
# demo-ccsync.sh: the ccsync part of the demo, against a running simulator.
#
#   CONTACTCENTER_ENDPOINT=http://127.0.0.1:18080 CONTACTCENTER_ACCESS_TOKEN=sim-token \
#     scripts/demo-ccsync.sh
#
# 1. makes sure two skill groups exist (queue_ids of the roster refer to
#    them by id) and writes the demo roster with their ids;
# 2. agents plan, agents apply (with a report), and a second plan that must
#    show no changes;
# 3. a dry-run sms send of examples/spreadsheets/recipients.xlsx with a
#    template taking ${name} and ${date} (created and approved through the
#    simulator's /_sim/review unless CCSYNC_DEMO_TEMPLATE_ID names one).
#
# CCSYNC may name a ccsync binary; by default the one of this checkout runs.
# Long listings are shortened (the first rows and the summary); the working
# folder (roster, reports, journal) is removed on exit.
set -euo pipefail

: "${CONTACTCENTER_ENDPOINT:?set CONTACTCENTER_ENDPOINT to the simulator origin, e.g. http://127.0.0.1:18080}"
: "${CONTACTCENTER_ACCESS_TOKEN:?set CONTACTCENTER_ACCESS_TOKEN (the simulator default is sim-token)}"
export CONTACTCENTER_ENDPOINT CONTACTCENTER_ACCESS_TOKEN
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
ep="${CONTACTCENTER_ENDPOINT%/}"
work="$(mktemp -d "${TMPDIR:-/tmp}/ccsync-demo.XXXXXX")"
trap 'rm -rf "$work"' EXIT
if [[ -z "${CCSYNC:-}" ]]; then
  go build -o "$work/ccsync" ./cmd/ccsync
  CCSYNC="$work/ccsync"
fi
say() { printf '\n== %s\n' "$*"; }

api() { # api SURFACE_PATH JSON
  curl -fsS -H "Authorization: Bearer $CONTACTCENTER_ACCESS_TOKEN" -H 'Content-Type: application/json' \
    -d "$2" "$ep$1"
}
first_id() { # the first "id" (or que_id) value of a JSON answer
  sed -n 's/.*"\(id\|que_id\)":"\{0,1\}\([0-9][0-9]*\).*/\2/p' | head -n1
}

say "skill groups for queue_ids"
ids=$(api /portal/v2/svcapi/queue/list '{}' | grep -o '"id":"\{0,1\}[0-9]*' | grep -o '[0-9]*$' | head -n2 | paste -sd, - || true)
while [[ $(tr "," "\n" <<<"$ids" | grep -c . || true) -lt 2 ]]; do
  n=$(( $(tr "," "\n" <<<"$ids" | grep -c . || true) + 1 ))
  id=$(api /portal/v2/svcapi/queue/add "{\"que_name\":\"ccsync-demo-$n\",\"que_priority\":10}" | first_id)
  ids="${ids:+$ids,}$id"
done
echo "roster queue_ids use skill groups $ids"
go run ./tools/genfixtures -dir "$work" -queues "$ids"
roster="$work/agents.xlsx"

# shorten N: the first N lines of stdin, a count of the rest, the last line.
shorten() {
  awk -v n="$1" 'NR <= n { print; next } { rest[++m] = $0 }
    END { if (m > 1) printf "  ... %d more rows\n", m - 1; if (m) print rest[m] }'
}

say "ccsync agents plan (the first rows)"
"$CCSYNC" agents plan "$roster" | shorten 4

say "ccsync agents apply"
if ! "$CCSYNC" agents apply "$roster" --report "$work/agents-report.xlsx" >"$work/apply.out" 2>"$work/apply.log"; then
  cat "$work/apply.out" "$work/apply.log" >&2
  exit 1
fi
tail -n 1 "$work/apply.log" # the last progress line
grep -v '^Report: ' "$work/apply.out" # the report is in the working folder, removed on exit

say "ccsync agents plan (again: expect no changes)"
out=$("$CCSYNC" agents plan "$roster")
echo "$out"
grep -q "No changes" <<<"$out" || { echo "demo-ccsync: the second plan is not empty" >&2; exit 1; }

say "ccsync sms send --dry-run"
tpl="${CCSYNC_DEMO_TEMPLATE_ID:-}"
if [[ -z "$tpl" ]]; then
  sign=$(api /open/sms/sign/store '{"sign_text":"ccsync demo","remark":"demo-ccsync.sh"}' 2>/dev/null | first_id || true)
  if [[ -z "$sign" ]]; then # already there from an earlier run
    sign=$(api /open/sms/sign/list '{"sign_text":"ccsync demo"}' | sed 's/.*"data":\[//' | first_id)
  fi
  curl -fsS -d "{\"kind\":\"sms_signature\",\"id\":\"$sign\",\"state\":1}" "$ep/_sim/review" >/dev/null
  tpl=$(api /open/sms/template/store "{\"template_name\":\"ccsync demo $(date +%s)\",\"template_contents\":\"Dear \${name}, your appointment is on \${date}.\",\"sign_id\":$sign}" | first_id)
  curl -fsS -d "{\"kind\":\"sms_template\",\"id\":\"$tpl\",\"state\":1}" "$ep/_sim/review" >/dev/null
fi
"$CCSYNC" sms send examples/spreadsheets/recipients.xlsx --template "$tpl" --dry-run \
  --journal "$work/send.journal" --report "$work/send-report.xlsx" 2>"$work/send.log" |
  grep -v '^Report: ' || { cat "$work/send.log" >&2; exit 1; }
