# Shared helpers of the scripts in this directory (sourced, not run).

# Never let Terraform phone home (checkpoint): everything here runs offline.
export CHECKPOINT_DISABLE=1

# repo_root prints the repository's top directory.
repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }

# require_terraform fails with a clear message when terraform is missing.
require_terraform() {
  if command -v terraform >/dev/null 2>&1; then
    return 0
  fi
  if [[ "${CI:-}" == "true" ]]; then
    echo "error: CI=true and the terraform CLI is not on PATH." >&2
    echo "       The acceptance tests, the example checks and the demo need Terraform >= 1.11." >&2
    echo "       Install Terraform on the CI runner; these checks are never skipped." >&2
  else
    echo "error: the terraform CLI is not on PATH." >&2
    echo "       The acceptance tests, the example checks and the demo need Terraform >= 1.11" >&2
    echo "       (https://developer.hashicorp.com/terraform/install); they are never skipped." >&2
  fi
  return 1
}

# terraform_version prints the version of the terraform on PATH (e.g. 1.11.4).
terraform_version() {
  terraform version -json 2>/dev/null | sed -n 's/.*"terraform_version": *"\([^"]*\)".*/\1/p' | head -n1
}

# version_at_least A B succeeds when version A >= version B.
version_at_least() {
  [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" == "$2" ]]
}

# write_dev_overrides FILE BINDIR writes a Terraform CLI configuration that
# uses the provider binary in BINDIR without any registry: both the real
# source address and the implied hashicorp/contactcenter (examples without a
# required_providers block) point at it.
write_dev_overrides() {
  cat >"$1" <<CFG
provider_installation {
  dev_overrides {
    "contactcenter/contactcenter" = "$2"
    "hashicorp/contactcenter"     = "$2"
  }
  direct {}
}
CFG
}
