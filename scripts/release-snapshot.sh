#!/usr/bin/env bash
# Builds the release artifacts into ./dist as a release does, without
# publishing anything, and checks them (scripts/check-release.sh):
#
#   scripts/release-snapshot.sh GORELEASER [goreleaser flags...]
#
# SHA256SUMS is signed with a throwaway GPG key made for the run (in a
# temporary GNUPGHOME, removed afterwards), so the signing step runs as in a
# release and its signature is checked. goreleaser reads the commit (and its
# date, the archives' file times) only from a clone with a remote; a clone
# without one gets the project's URL through the environment for the run
# (nothing is fetched, the repository's configuration is not changed).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(repo_root)"
goreleaser="$1"
shift

command -v gpg >/dev/null || { echo "error: make release-snapshot needs gpg (it signs with a throwaway key)" >&2; exit 1; }

GNUPGHOME="$(mktemp -d)"
export GNUPGHOME
trap 'gpgconf --kill gpg-agent 2>/dev/null || true; rm -rf "$GNUPGHOME"' EXIT
gpg --batch --quiet --pinentry-mode loopback --passphrase '' \
  --quick-gen-key 'release-snapshot (throwaway) <release-snapshot@example.invalid>' rsa3072 sign 1d
GPG_FINGERPRINT="$(gpg --list-secret-keys --with-colons | awk -F: '/^fpr/{print $10; exit}')"
export GPG_FINGERPRINT

if ! git ls-remote --get-url >/dev/null 2>&1; then
  export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.url \
    GIT_CONFIG_VALUE_0=https://github.com/contactcenter/terraform-provider-contactcenter.git
fi

"$goreleaser" check
"$goreleaser" release --snapshot --clean "$@"
scripts/check-release.sh dist
