# Source this file (". scripts/node-env.sh") to run the project on a supported Node (>= 22.12; tested on 24).
# When the `node` on PATH is older, it fetches the pinned Node 24 LTS from the npm registry (the node-linux-*
# packages ship the binary inside, so it installs like any package) into .tools/ and puts it first on PATH.
# Idempotent: a second call reuses what is there.
KEEB_NODE_VERSION=24.21.0
keeb_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"

keeb_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if ! keeb_node_ok; then
  case "$(uname -m)" in
    x86_64) keeb_arch=x64 ;;
    aarch64|arm64) keeb_arch=arm64 ;;
    *) echo "node-env: no Node package for $(uname -m); install Node >= 22.12 yourself" >&2; return 1 2>/dev/null || exit 1 ;;
  esac
  keeb_node_dir="$keeb_root/.tools/node-v$KEEB_NODE_VERSION-linux-$keeb_arch"
  if [ ! -x "$keeb_node_dir/bin/node" ]; then
    echo "node-env: fetching node-linux-$keeb_arch@$KEEB_NODE_VERSION from the npm registry into .tools/" >&2
    mkdir -p "$keeb_root/.tools"
    keeb_tmp="$(mktemp -d "$keeb_root/.tools/fetch.XXXXXX")"
    (cd "$keeb_tmp" && npm pack --silent "node-linux-$keeb_arch@$KEEB_NODE_VERSION" >/dev/null 2>&1 && tar xzf ./*.tgz) \
      || { echo "node-env: could not fetch Node $KEEB_NODE_VERSION" >&2; rm -rf "$keeb_tmp"; return 1 2>/dev/null || exit 1; }
    rm -rf "$keeb_node_dir"
    mv "$keeb_tmp/package" "$keeb_node_dir"
    rm -rf "$keeb_tmp"
  fi
  export PATH="$keeb_node_dir/bin:$PATH"
  hash -r 2>/dev/null || true
fi
unset keeb_arch keeb_node_dir keeb_tmp
