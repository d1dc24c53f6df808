#!/usr/bin/env bash
# `make demo`: a whole contact center (examples/complete) applied against a
# fresh simulator, then shown, planned again (must be empty) and destroyed.
#
# Starts `ccsync simulator` on a free loopback port with SMS review
# auto-approval, points Terraform at the freshly built provider through a
# dev_overrides CLI configuration in a temporary directory (no registry, no
# `terraform init`), and applies a copy of examples/complete, so every
# examples/complete/<domain>.tf is picked up. The simulator never outlives
# the script.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root="$(repo_root)"
cd "$root"

require_terraform
for b in terraform-provider-contactcenter ccsync; do
  if [[ ! -x bin/$b ]]; then
    echo "error: bin/$b not found; run \`make demo\` (it builds both binaries first)" >&2
    exit 1
  fi
done

work="$(mktemp -d)"
sim_pid=""
cleanup() {
  local rc=$?
  if [[ -n "$sim_pid" ]] && kill -0 "$sim_pid" 2>/dev/null; then
    kill -TERM "$sim_pid" 2>/dev/null || true
    wait "$sim_pid" 2>/dev/null || true
  fi
  if [[ $rc -ne 0 && -s "$work/simulator.log" ]]; then
    echo "--- simulator log (last 30 lines)"
    tail -n 30 "$work/simulator.log"
  fi
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

banner() { printf '\n==> %s\n' "$*"; }
start=$SECONDS

banner "starting the simulator"
bin/ccsync simulator --listen 127.0.0.1:0 --auto-approve 3s >"$work/simulator.log" 2>&1 &
sim_pid=$!
endpoint=""
for _ in $(seq 1 100); do
  endpoint="$(sed -n 's/^simulator listening on \(http:[^ ]*\).*/\1/p' "$work/simulator.log" | head -n1)"
  [[ -n "$endpoint" ]] && break
  if ! kill -0 "$sim_pid" 2>/dev/null; then
    echo "error: the simulator exited:" >&2
    cat "$work/simulator.log" >&2
    exit 1
  fi
  sleep 0.1
done
if [[ -z "$endpoint" ]]; then
  echo "error: the simulator did not report its address within 10s" >&2
  exit 1
fi
cat "$work/simulator.log"

export CONTACTCENTER_ENDPOINT="$endpoint"
export CONTACTCENTER_ACCESS_TOKEN=sim-token
export CONTACTCENTER_SMS_APP_ID=sim-app
export CONTACTCENTER_SMS_APP_KEY=sim-key
write_dev_overrides "$work/cli.tfrc" "$root/bin"
export TF_CLI_CONFIG_FILE="$work/cli.tfrc"
export TF_INPUT=0

mkdir -p "$work/tf"
cp -R examples/complete/. "$work/tf/"
rm -rf "$work/tf/.terraform" "$work/tf/.terraform.lock.hcl" "$work/tf"/terraform.tfstate*
cd "$work/tf"
echo "configuration: examples/complete ($(ls ./*.tf | xargs -n1 basename | tr '\n' ' '))"

# With dev_overrides the contactcenter provider needs no `terraform init`;
# any other provider would (and would need the registry).
others="$(terraform providers -no-color 2>/dev/null | grep -o 'provider\[[^]]*\]' | sort -u | grep -v -e '/contactcenter/contactcenter\]' -e 'terraform.io/builtin/' || true)"
if [[ -n "$others" ]]; then
  banner "terraform init (examples/complete also uses: $(tr '\n' ' ' <<<"$others"))"
  terraform init -no-color
else
  echo "terraform init skipped: contactcenter is the only provider and dev_overrides serves it"
fi

# A step's full output goes to a file; the demo prints what tells the story
# (the first plan of examples/complete alone is ~1,000 lines) and the whole
# file only when the step fails.
run_quiet() { # run_quiet FILE COMMAND...: stdout+stderr to FILE; on failure its tail
  local out=$1
  shift
  if ! "$@" >"$out" 2>&1; then
    tail -n 60 "$out"
    echo "error: \`$*\` failed (above: the last 60 lines)" >&2
    return 1
  fi
}
# warnings FILE: each distinct warning summary once, with a count; the
# dev_overrides warning is expected here and left out.
warnings() {
  grep -E '^Warning: ' "$1" | grep -v 'Provider development overrides' | sort | uniq -c |
    awk '{ n = $1; sub(/^ *[0-9]+ Warning: /, ""); printf "  warning, %dx: %s\n", n, $0 }' || true
}

run_quiet "$work/plan1.txt" terraform plan -no-color -out="$work/tfplan"
banner "terraform plan: one line per object (the full plan has $(wc -l <"$work/plan1.txt" | tr -d ' ') lines)"
grep -E '^  # [^(]|^Plan:' "$work/plan1.txt" | sed 's/^  # /  /'

banner "terraform apply"
t0=$SECONDS
# The simulator's day ("today" of its call records): its clock is this
# machine's, in this script's time zone.
day="$(date +%F)"
run_quiet "$work/apply.txt" terraform apply -no-color "$work/tfplan"
grep -E '^Apply complete' "$work/apply.txt"
echo "$(terraform state list | wc -l | tr -d ' ') objects in the state; apply took $((SECONDS - t0))s"
warnings "$work/apply.txt"

banner "outputs (a few of $(terraform output -json | grep -c '"sensitive"'))"
for o in support_skill_group_id support_agent_ids sms_callback_variables outbound_tasks voice_sales_wait_audio; do
  printf '%s = %s\n' "$o" "$(terraform output -json "$o")"
done

# plan_detailed FILE: terraform plan -detailed-exitcode, output to FILE and
# exit code to plan_rc (0 no changes, 2 changes, 1 failed).
plan_detailed() {
  set +e
  terraform plan -detailed-exitcode -no-color >"$1" 2>&1
  plan_rc=$?
  set -e
}

banner "second plan (must be empty)"
plan_detailed "$work/plan2.txt"
if [[ $plan_rc -eq 2 && "$(date +%F)" != "$day" ]]; then
  # The day changed between the apply and the plan: examples/complete's
  # voice_calls_today counts today's call records, which are others now
  # (3 -> 0). A change, rightly planned; apply it and plan again.
  echo "the simulator's day changed since the apply ($day -> $(date +%F)), so today's call records changed; applying again:"
  grep -E '^  +[-+~] ' "$work/plan2.txt" || true
  run_quiet "$work/apply2.txt" terraform apply -auto-approve -no-color
  plan_detailed "$work/plan2.txt"
fi
case $plan_rc in
  0) grep -E 'No changes' "$work/plan2.txt" || true
     echo "second plan is empty" ;;
  2) cat "$work/plan2.txt"
     echo "error: the second plan is not empty (above): applying examples/complete again would change something" >&2
     exit 1 ;;
  *) cat "$work/plan2.txt"
     echo "error: terraform plan failed" >&2
     exit 1 ;;
esac

banner "terraform destroy"
run_quiet "$work/destroy.txt" terraform destroy -auto-approve -no-color
# The SMS gateway cannot delete signatures or templates: destroying them only
# makes Terraform forget them, and the provider says so. The first such
# warning in full, then every warning's summary (at plan and at apply time).
awk '/^Warning: .*(Removed From State|Leaves the Old One)/ && !on { on = 1 }
     on && n && /^(Warning|Error):|^(contactcenter_|data\.)|^Destroy complete|^Plan:/ { exit }
     on { buf[++n] = $0 }
     END { while (n && buf[n] ~ /^[[:space:]]*$/) n--; for (i = 1; i <= n; i++) print "  " buf[i] }' "$work/destroy.txt"
warnings "$work/destroy.txt"
grep -E '^Destroy complete' "$work/destroy.txt"

banner "ccsync: agents roster and SMS recipients from spreadsheets (scripts/demo-ccsync.sh)"
CCSYNC="$root/bin/ccsync" "$root/scripts/demo-ccsync.sh"

banner "demo finished in $((SECONDS - start))s: applied, second plan empty, destroyed; ccsync plan/apply/plan and a dry-run send; stopping the simulator"
