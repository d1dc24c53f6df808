#!/usr/bin/env bash
# Checks a goreleaser dist folder as the Terraform Registry, Terraform and a
# downloader of ccsync see it (make release-snapshot runs it on ./dist; run it
# on the dist of a real release before publishing the draft):
#
#   scripts/check-release.sh [DIST]   (default dist)
#
# - _SHA256SUMS.sig is a good signature of _SHA256SUMS (gpg --verify: the
#   signing key must be in the keyring);
# - _SHA256SUMS lists the provider's zips and the manifest, and nothing else
#   (Terraform writes every line into users' .terraform.lock.hcl), and each
#   line checks;
# - each provider zip holds terraform-provider-contactcenter_v<version> (.exe
#   on Windows) at its root, and no folders;
# - each ccsync archive has a .sha256 that checks, and untars into one folder
#   named as the archive.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root="$(repo_root)"
dist="$(cd "${1:-$root/dist}" && pwd)"
name=terraform-provider-contactcenter

v="$(sed -n 's/.*"version":"\([^"]*\)".*/\1/p' "$dist/metadata.json")"
[[ -n "$v" ]] || { echo "error: no version in $dist/metadata.json" >&2; exit 1; }
sums="${name}_${v}_SHA256SUMS"
manifest="${name}_${v}_manifest.json"
cd "$dist"
fail() { echo "error: $*" >&2; exit 1; }

# goreleaser uploads the manifest from the repository (release.extra_files)
# without copying it into dist.
[[ -f "$manifest" ]] || cp "$root/terraform-registry-manifest.json" "$manifest"

gpg --verify "$sums.sig" "$sums"

shopt -s nullglob
zips=("${name}_${v}"_*.zip)
tars=(ccsync_"${v}"_*.tar.gz)
(( ${#zips[@]} > 0 )) || fail "no provider zips in $dist"
(( ${#tars[@]} > 0 )) || fail "no ccsync archives in $dist"

listed="$(awk '{print $2}' "$sums" | sort)"
want="$(printf '%s\n' "${zips[@]}" "$manifest" | sort)"
[[ "$listed" == "$want" ]] || fail "$sums does not list exactly the provider's zips and the manifest:
$(diff <(echo "$want") <(echo "$listed") || true)"
sha256sum -c "$sums"

for z in "${zips[@]}"; do
  entries="$(unzip -Z1 "$z")"
  grep -qx "${name}_v${v}\(\.exe\)\?" <<<"$entries" || fail "$z: no ${name}_v${v} (.exe on Windows) at its root"
  ! grep -q / <<<"$entries" || fail "$z: holds folders (Terraform expects a flat zip)"
done

for t in "${tars[@]}"; do
  [[ -f "$t.sha256" ]] || fail "$t: no $t.sha256"
  sha256sum -c "$t.sha256"
  top="${t%.tar.gz}/"
  if tar tzf "$t" | grep -v "^$top"; then fail "$t: the entries above are outside $top"; fi
done
echo "$dist: ${#zips[@]} provider zips and ${#tars[@]} ccsync archives check"
