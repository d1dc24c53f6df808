#!/usr/bin/env bash
# `make test`: go vet, gofmt, the example checks, the docs check, then every unit and
# acceptance test (TF_ACC=1) against in-process simulators. Every part runs
# even when an earlier one fails; the closing lines say what failed.
#
# Environment: TEST_P (packages in parallel, default 4), TEST_PARALLEL
# (tests in parallel per package, default 8), TEST_TIMEOUT (default 30m),
# TESTARGS (more go test flags, e.g. -run TestAccSkillGroup), GOGC and
# GOMEMLIMIT (default 800 and 3GiB here, see below).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(repo_root)" || exit 1

start=$SECONDS
require_terraform || { echo "make test: FAIL (terraform missing)"; exit 1; }
echo "terraform $(terraform_version) at $(command -v terraform); $(go version)"

declare -a results
step() { # step NAME COMMAND...: runs one part and records how it went
  local name="$1" t0=$SECONDS
  shift
  echo
  echo "== $name"
  if "$@"; then
    results+=("ok    $name ($((SECONDS - t0))s)")
  else
    results+=("FAIL  $name ($((SECONDS - t0))s)")
    failed=1
  fi
}
failed=0

step "go vet" go vet ./...
gofmt_check() {
  local files
  files="$(gofmt -l .)"
  [[ -z "$files" ]] && return 0
  echo "not gofmt-formatted (run make fmt):"
  echo "$files"
  return 1
}
step "gofmt" gofmt_check
step "build" bash -c 'go build -o bin/terraform-provider-contactcenter . && go build -o bin/ccsync ./cmd/ccsync && go build -o bin/testsummary ./tools/testsummary'
step "examples: terraform validate" scripts/validate-examples.sh bin
step "examples: terraform fmt -check" env TF_CLI_CONFIG_FILE=/dev/null terraform fmt -check -recursive -diff examples
step "docs: up to date" scripts/check-docs.sh

gotest() {
  if [[ ! -x bin/testsummary ]]; then
    echo "bin/testsummary was not built" >&2
    return 1
  fi
  # Acceptance tests: real Terraform, no CLI configuration of the user's, no
  # download (TF_ACC_TERRAFORM_PATH pins the terraform found on PATH; a
  # TF_ACC_TERRAFORM_VERSION from the environment would make it install one).
  # The run is CPU-bound (two cores: thousands of short terraform processes
  # and the test binaries serving them), and a quarter of that CPU was the
  # garbage collector of processes that live for a fraction of a second:
  # GOGC=800 (collect when the heap grows ninefold) with a 3 GiB soft limit
  # per process took the go test part from 148 s to 107 s of wall time
  # (290 s to 207 s of CPU), with no process above 450 MB.
  # shellcheck disable=SC2086 # TESTARGS is a list of flags
  env -u TF_ACC_TERRAFORM_VERSION TF_ACC=1 TF_CLI_CONFIG_FILE=/dev/null \
    GOGC="${GOGC:-800}" GOMEMLIMIT="${GOMEMLIMIT:-3GiB}" \
    TF_ACC_TERRAFORM_PATH="${TF_ACC_TERRAFORM_PATH:-$(command -v terraform)}" \
    go test -count=1 -p "${TEST_P:-4}" -parallel "${TEST_PARALLEL:-8}" -timeout "${TEST_TIMEOUT:-30m}" \
    -json ${TESTARGS:-} ./... 2>&1 | bin/testsummary -require-acc
}
step "go test (unit + acceptance, TF_ACC=1)" gotest

echo
echo "== make test summary ($((SECONDS - start))s)"
printf '  %s\n' "${results[@]}"
if [[ $failed -ne 0 ]]; then
  echo "make test: FAIL"
  exit 1
fi
echo "make test: PASS"
