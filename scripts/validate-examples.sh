#!/usr/bin/env bash
# Runs `terraform validate` on every directory under examples/ that holds .tf
# files, against the provider binary in BINDIR (dev_overrides: no registry,
# no `terraform init`). Each directory is copied to a temporary directory
# first, so nothing is written into the tree.
#
#   scripts/validate-examples.sh BINDIR
#
# Directories with `action` blocks (examples/actions/...) need Terraform
# >= 1.14; with an older Terraform they are listed as skipped, never silently.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(repo_root)"

bindir="$(cd "${1:?usage: validate-examples.sh BINDIR}" && pwd)"
if [[ ! -x "$bindir/terraform-provider-contactcenter" ]]; then
  echo "error: $bindir/terraform-provider-contactcenter not found (run make build)" >&2
  exit 1
fi
require_terraform
tfver="$(terraform_version)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
write_dev_overrides "$tmp/cli.tfrc" "$bindir"
export TF_CLI_CONFIG_FILE="$tmp/cli.tfrc"

mapfile -t dirs < <(find examples -name '*.tf' -not -path '*/.terraform/*' -exec dirname {} \; | sort -u)
if [[ ${#dirs[@]} -eq 0 ]]; then
  echo "error: no example directories found under examples/" >&2
  exit 1
fi

valid=0 skipped=0 failed=0 i=0
for dir in "${dirs[@]}"; do
  i=$((i + 1))
  # An action block (`action "type" "name" {`) or an action_trigger needs 1.14.
  if grep -Eqs '^[[:space:]]*(action[[:space:]]+"[^"]+"[[:space:]]+"[^"]+"|action_trigger[[:space:]]*\{)' "$dir"/*.tf &&
    ! version_at_least "$tfver" 1.14.0; then
    echo "SKIP  $dir: has action blocks, which Terraform $tfver cannot validate (needs >= 1.14)"
    skipped=$((skipped + 1))
    continue
  fi
  # The two import files of a resource import the same address: each is
  # validated with the example on its own. Import by identity needs 1.12.
  variants=("import-by-identity.tf")
  if [[ -f "$dir/import-by-identity.tf" ]]; then
    if version_at_least "$tfver" 1.12.0; then
      variants=("import-by-identity.tf" "import-by-string-id.tf")
    else
      echo "note  $dir/import-by-identity.tf not validated: import by identity needs Terraform >= 1.12"
    fi
  fi
  for leave_out in "${variants[@]}"; do
    work="$tmp/ex$i-${leave_out%.tf}"
    mkdir -p "$work"
    # Every file of the example (data files such as a .wav beside the .tf).
    find "$dir" -maxdepth 1 -type f -exec cp {} "$work"/ \;
    rm -f "$work/$leave_out"
    label="$dir"
    [[ ${#variants[@]} -gt 1 ]] && label="$dir (without $leave_out)"
    if out="$(cd "$work" && terraform validate -no-color 2>&1)"; then
      echo "ok    $label"
      valid=$((valid + 1))
    else
      echo "FAIL  $label"
      # Drop the dev_overrides warning; keep the errors.
      sed -e '/Warning: Provider development overrides are in effect/,/^releases\.$/d' <<<"$out" |
        sed -e '/./,$!d' -e 's/^/      /'
      failed=$((failed + 1))
    fi
  done
done

echo "examples: $valid valid, $failed failed, $skipped skipped (Terraform $tfver)"
[[ $failed -eq 0 ]]
