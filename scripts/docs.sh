#!/usr/bin/env bash
# Generates the documentation with tfplugindocs, offline (DESIGN §7).
#
#   scripts/docs.sh [OUTDIR]   OUTDIR is relative to the repository (default docs)
#
# The schemas come from tools/schemajson (the provider server in process), so
# no Terraform is built, installed or downloaded, and actions are documented
# even though Terraform 1.11 cannot list them. Examples are found by path:
# examples/provider/provider.tf, examples/resources/<type>/resource.tf and
# import.sh, examples/data-sources/<type>/data-source.tf,
# examples/list-resources/<type>/list-resource.tfquery.hcl,
# examples/actions/<type>/action.tf, examples/functions/<name>/function.tf.
# templates/subcategory.tmpl (which object is filed under which domain) is
# put in front of each kind's template in a copy of templates/, which
# tfplugindocs reads instead (it has no shared partials).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(repo_root)"

out="${1:-docs}"
tmp="$(mktemp -d)"
# tfplugindocs takes the templates folder relative to the repository; .tmp/
# is git-ignored.
templates=".tmp/templates-$$"
trap 'rm -rf "$tmp" "$templates"; rmdir .tmp 2>/dev/null || true' EXIT
rm -rf "$templates"
mkdir -p "$templates"
cp -R templates/. "$templates/"
rm "$templates/subcategory.tmpl"
for kind in resources data-sources list-resources actions functions; do
  cat templates/subcategory.tmpl "templates/$kind.md.tmpl" > "$templates/$kind.md.tmpl"
done

# tfplugindocs v0.25 looks the provider up in the schema file by its short
# name ("contactcenter") or as registry.terraform.io/hashicorp/contactcenter.
go run ./tools/schemajson -address contactcenter -o "$tmp/schema.json"
go tool tfplugindocs generate \
  --provider-name contactcenter \
  --rendered-provider-name contactcenter \
  --providers-schema "$tmp/schema.json" \
  --rendered-website-dir "$out" \
  --website-temp-dir "$tmp/website" \
  --website-source-dir "$templates"
