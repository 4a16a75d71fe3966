# Source this file (". scripts/node-env.sh") to run the test tools by hand (npx vitest, tsc) on a supported Node
# (>= 22.12; tested on 24). When the `node` on PATH is older, scripts/pinned-node.mjs fetches the pinned Node 24 LTS
# from the npm registry into .tools/ (once) and this puts its bin first on PATH. `npm test` needs none of this.
keeb_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
if keeb_bin="$(node "$keeb_root/scripts/pinned-node.mjs" --bin)"; then
  case ":$PATH:" in *":$keeb_bin:"*) ;; *) export PATH="$keeb_bin:$PATH" ;; esac
  hash -r 2>/dev/null || true
else
  echo "node-env: could not find or fetch a Node >= 22.12 (scripts/pinned-node.mjs)" >&2
fi
unset keeb_root keeb_bin
