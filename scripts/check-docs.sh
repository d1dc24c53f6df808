#!/usr/bin/env bash
# Fails when docs/ differs from what `make docs` would generate now.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(repo_root)"

# tfplugindocs writes below the repository; .tmp/ is git-ignored.
rel=".tmp/docs-check-$$"
trap 'rm -rf "$rel"; rmdir .tmp 2>/dev/null || true' EXIT
rm -rf "$rel"
if ! log="$(scripts/docs.sh "$rel/docs" 2>&1)"; then
  echo "$log"
  echo "error: generating the documentation failed (see above)" >&2
  exit 1
fi
if [[ ! -d docs ]]; then
  echo "error: docs/ does not exist. Run \`make docs\` and commit docs/." >&2
  exit 1
fi
if ! diff -ru docs "$rel/docs"; then
  echo "error: docs/ is stale: it differs from what the schemas and examples generate (diff above: docs/ vs fresh)." >&2
  echo "       Run \`make docs\` and commit docs/." >&2
  exit 1
fi
# The registry's own checks (front matter, a page per object, file names):
# tfplugindocs validate, with the provider's name (it would take the
# folder's).
go run ./tools/schemajson -address contactcenter -o "$rel/schema.json"
if ! log="$(go tool tfplugindocs validate --provider-name contactcenter --providers-schema "$rel/schema.json" 2>&1)"; then
  grep -v '\[DEBUG\]' <<<"$log" >&2
  echo "error: docs/ fails the registry's checks (tfplugindocs validate, above)" >&2
  exit 1
fi
echo "docs: docs/ is up to date and valid ($(find docs -name '*.md' | wc -l) pages)"
