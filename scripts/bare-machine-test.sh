#!/usr/bin/env bash
# Proves that `npm install && npm test` needs nothing but Node: builds a minimal Debian (debootstrap
# --variant=minbase: no browser, no NSS, no fontconfig, no PostgreSQL, no git), copies this
# machine's Node and npm and the committed tree into it, and runs the two commands there, as root,
# in a chroot. Needs root, debootstrap and a Debian mirror; prints the test runner's summary.
#
#   sudo scripts/bare-machine-test.sh [folder]   (default: a new temporary folder; a folder that
#   already holds the minimal Debian is used again)
set -euo pipefail
cd "$(dirname "$0")/.."
root=${1:-$(mktemp -d /tmp/bare-machine.XXXXXX)}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=${DEBIAN_SUITE:-$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")}

mounted=()
unmount_all() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done
}
trap unmount_all EXIT

[ -x "$root/bin/sh" ] || debootstrap --variant=minbase "$suite" "$root" "$mirror" >/dev/null
node_bin=$(command -v node)
npm_root=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
cp "$node_bin" "$root/usr/bin/node"
mkdir -p "$root/usr/lib/node_modules" && rm -rf "$root/usr/lib/node_modules/npm" && cp -a "$npm_root" "$root/usr/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/bin/npx"
# The network as this machine has it: its resolver, and its certificate authorities (a registry
# behind a proxy with its own authority), nothing else.
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt" 2>/dev/null || { mkdir -p "$root/etc/ssl/certs" && cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"; }
[ -f "$HOME/.npmrc" ] && grep -v '^nodedir' "$HOME/.npmrc" >"$root/root/.npmrc"
for place in proc dev dev/shm sys; do
  mount --bind "/$place" "$root/$place" && mounted+=("$root/$place")
done
rm -rf "$root/root/bank" && mkdir -p "$root/root/bank"
git archive HEAD | tar -x -C "$root/root/bank"
chroot "$root" sh -c 'test ! -e /usr/bin/chromium && ! command -v psql >/dev/null && echo "bare: no Chromium, no PostgreSQL client"'
chroot "$root" env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin CI=true NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
  npm_config_cafile=/etc/ssl/certs/ca-certificates.crt \
  sh -c 'cd /root/bank && npm install --no-audit --no-fund && npm test'
