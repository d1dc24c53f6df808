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

banner "terraform apply"
t0=$SECONDS
terraform apply -auto-approve -no-color
apply_s=$((SECONDS - t0))

banner "created ($(terraform state list | wc -l | tr -d ' ') objects in the state, apply took ${apply_s}s)"
terraform state list
banner "outputs"
terraform output -no-color

banner "second plan (must be empty)"
set +e
terraform plan -detailed-exitcode -no-color >"$work/plan2.txt" 2>&1
plan_rc=$?
set -e
case $plan_rc in
  0) grep -E 'No changes|Your infrastructure matches' "$work/plan2.txt" || true
     echo "second plan is empty" ;;
  2) cat "$work/plan2.txt"
     echo "error: the second plan is not empty (above): applying examples/complete again would change something" >&2
     exit 1 ;;
  *) cat "$work/plan2.txt"
     echo "error: terraform plan failed" >&2
     exit 1 ;;
esac

banner "terraform destroy"
terraform destroy -auto-approve -no-color | tail -n 3

banner "ccsync: agents roster and SMS recipients from spreadsheets (scripts/demo-ccsync.sh)"
CCSYNC="$root/bin/ccsync" "$root/scripts/demo-ccsync.sh"

banner "demo finished in $((SECONDS - start))s: applied, second plan empty, destroyed; ccsync plan/apply/plan and a dry-run send; stopping the simulator"
