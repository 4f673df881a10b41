# Timing helpers shared by the comparison scripts (sourced; needs `die` defined first).
# run_once KEY CMD...: runs CMD once; keeps KEY's best wall (ns) and largest peak RSS (KiB) in
# best_ns[KEY] and max_kib[KEY]. A failing run stops the script, with the tool's own message.
# secs KEY / mib KEY print them; ratio A B prints A/B as "N.NNx". $tmp is a scratch directory.

[ -x /usr/bin/time ] || die "/usr/bin/time (GNU time) is needed for peak RSS"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
declare -A best_ns max_kib

run_once() {
  local key=$1 t0 t1 ns kib
  shift
  t0=$(date +%s%N)
  if ! /usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>"$tmp/err"; then
    cat "$tmp/err" >&2
    die "failed: $*"
  fi
  t1=$(date +%s%N)
  ns=$((t1 - t0))
  kib=$(tail -n 1 "$tmp/rss")
  if [ -z "${best_ns[$key]:-}" ] || [ "$ns" -lt "${best_ns[$key]}" ]; then best_ns[$key]=$ns; fi
  if [ "$kib" -gt "${max_kib[$key]:-0}" ]; then max_kib[$key]=$kib; fi
}
secs() { awk -v n="${best_ns[$1]}" 'BEGIN { printf "%.3f", n / 1e9 }'; }
mib() { awk -v k="${max_kib[$1]}" 'BEGIN { printf "%.1f", k / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'; }
