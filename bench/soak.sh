#!/bin/sh
# Soak: lucky serve on devnet (the seeded week, the index, the API) under the simulator's
# agents for ${SOAK_DURATION:-10m} at ${SOAK_RATE:-20} tx/s with ${SOAK_ACCOUNTS:-40}
# accounts, while ${SOAK_READERS:-2} readers keep reading the API the pages read. At the
# end, lucky simulate checks that every coin is conserved on the node and that the index
# equals the chain (holders, their balances, burns).
#
# It fails on a failed check, a transaction failing for a reason other than an expected
# contract refusal, any 5xx or unanswered read, or the server's memory (VmRSS) growing,
# from its lowest point during the run to the run's end, by more than
# ${SOAK_RSS_SLACK_MB:-64} MB plus ${SOAK_RSS_KB_PER_TX:-4} KB per confirmed transaction.
# The devnet keeps the newest 256 to 512 transactions in memory and moves older ones
# to a scratch file and its index (what stays in memory is 8 bytes a block), and SQLite's
# page caches fill up to about 4 MB as the indexes grow (1 MiB for the devnet's index, 256
# KiB a connection for the event index's four, each 4 KiB page taking an 8 KiB slot): the
# slack allows for those and the GC's swings; a leak per read, per block or per
# transaction shows beyond it. Linux only (/proc).
#
# SOAK_LONG=1 is the long mode (`make soak SOAK_LONG=1`): the run goes on (at
# ${SOAK_RATE:-100} tx/s) until the chain holds 100,000 transactions more than at the start,
# and prints the server's RSS at the start, after 10,000 and after 100,000. One reading
# lands anywhere in the GC's cycle (tens of MB apart from one to the next), so the check
# compares ceilings: the highest RSS of the 5 s samples over the first 10,000 transactions
# and over the last 10,000 (90,000 to 100,000); it fails when the second is more than 20 %
# above the first (a memory ceiling, not a slope). It stops the agents at 100,000, so lucky
# simulate's end checks are not run in this mode.
set -eu
cd "$(dirname "$0")/.."
long=${SOAK_LONG:-}
if [ -n "$long" ]; then
  duration=${SOAK_DURATION:-24h} # it stops at 100,000 transactions
  rate=${SOAK_RATE:-100}
else
  duration=${SOAK_DURATION:-10m}
  rate=${SOAK_RATE:-20}
fi
accounts=${SOAK_ACCOUNTS:-40}
readers=${SOAK_READERS:-2}
port=${SOAK_PORT:-18291}
slack_mb=${SOAK_RSS_SLACK_MB:-64}
kb_per_tx=${SOAK_RSS_KB_PER_TX:-4}
base="http://127.0.0.1:$port"
tmp=$(mktemp -d)
server='' bg=''
cleanup() {
  # shellcheck disable=SC2086 # the list of background pids is split on purpose
  kill $bg $server 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$server/status"; }
height() { curl -sf --max-time 10 "$base/rpc/v1/block" | sed -n 's/.*"height":"\{0,1\}\([0-9]*\).*/\1/p' | head -1; }
field() { sed -n "s/.*\"$1\":\"\{0,1\}\([0-9]*\).*/\1/p"; }

go build -o "$tmp/lucky" ./cmd/lucky
"$tmp/lucky" serve --addr "127.0.0.1:$port" >"$tmp/serve.out" 2>"$tmp/serve.log" &
server=$!
for _ in $(seq 600); do curl -sf "$base/healthz" >/dev/null && break; sleep 0.1; done
# The start is when the seeded week is indexed: the index's catch-up is not the soak.
indexed=''
for _ in $(seq 600); do
  h=$(curl -sf "$base/api/v1/holders?limit=1" || true)
  indexed=$(printf '%s' "$h" | field indexedHeight) head=$(printf '%s' "$h" | field headHeight)
  [ -n "$indexed" ] && [ "$indexed" = "$head" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$tmp/serve.log"; exit 1; }
  sleep 0.1
done
rss_start=$(rss_kb)
echo "soak: lucky serve at $base, index caught up at block $indexed, RSS $((rss_start / 1024)) MB;" \
  "simulating $duration at $rate tx/s with $accounts accounts and $readers API readers"

# Readers: what the stats, slots, burn and token pages read, round and round; each read's
# status goes to a file (000: no answer within 10 s).
paths="/api/v1/holders?limit=20 /api/v1/market/tokens /api/v1/market/lucky /api/v1/market/candles?interval=1m
/api/v1/market/candles?interval=1h /api/v1/slots/feed?limit=20 /api/v1/burns/leaderboard?limit=20 /api/v1/burns?limit=20
/api/v1/slots/pots /api/v1/config"
for i in $(seq "$readers"); do
  (
    while :; do
      for p in $paths; do
        curl -s -o /dev/null --max-time 10 -w '%{http_code} %{url_effective}\n' "$base$p" || true
      done
    done
  ) >"$tmp/reads.$i" 2>/dev/null &
  bg="$bg $!"
done

"$tmp/lucky" simulate --rpc "$base" --api "$base" --rate "$rate" --duration "$duration" --accounts "$accounts" \
  >"$tmp/simulate.out" 2>"$tmp/simulate.log" &
sim=$!
# The server's memory every 5 s while the agents act, and once more when the run ends
# (lucky simulate prints its latencies then): the checks that follow read the node's whole
# state (GET /devnet/state, streamed from the scratch file), which is not the soak's load.
rss_file=$tmp/rss
echo "$rss_start" >"$rss_file"
h0=$(height) rss_10k='' rss_100k='' peak_10k=$rss_start peak_100k=0
i=0
while kill -0 "$sim" 2>/dev/null && ! grep -q 'latency submit' "$tmp/simulate.out"; do
  i=$((i + 1))
  if [ $((i % 25)) -eq 0 ]; then
    rss=$(rss_kb)
    echo "$rss" >>"$rss_file"
    if [ -n "$long" ]; then
      # One block per transaction on this devnet: the height counts them.
      h=$(height) txs=$(( ${h:-$h0} - h0 ))
      if [ -z "$rss_10k" ]; then
        [ "$rss" -gt "$peak_10k" ] && peak_10k=$rss
        if [ "$txs" -ge 10000 ]; then
          rss_10k=$rss
          echo "soak: $txs transactions, RSS $((rss_10k / 1024)) MB (highest so far $((peak_10k / 1024)) MB)"
        fi
      fi
      if [ "$txs" -ge 90000 ] && [ "$rss" -gt "$peak_100k" ]; then
        peak_100k=$rss
      fi
      if [ "$txs" -ge 100000 ]; then
        rss_100k=$rss
        echo "soak: $txs transactions, RSS $((rss_100k / 1024)) MB (highest since 90,000: $((peak_100k / 1024)) MB)"
        kill -INT "$sim" 2>/dev/null || true # lucky simulate stops, prints and checks
        break
      fi
    fi
  fi
  sleep 0.2
done
rss_kb >>"$rss_file"
rc=0
wait "$sim" || rc=$?
# shellcheck disable=SC2086
kill $bg 2>/dev/null || true
bg=''

cat "$tmp/simulate.out"
reads=$(cat "$tmp"/reads.* | wc -l)
bad=$(cat "$tmp"/reads.* | awk '$1 >= 500 || $1 == "000"' | wc -l)
confirmed=$(sed -n 's/^summary: .*confirmed=\([0-9]*\).*/\1/p' "$tmp/simulate.out")
# The long mode stops the agents before their summary: the chain's height counts them.
confirmed=${confirmed:-${txs:-0}}
rss_end=$(tail -1 "$rss_file")
rss_low=$(sort -n "$rss_file" | head -1)
rss_max=$(sort -n "$rss_file" | tail -1)
growth_kb=$((rss_end - rss_low))
bound_kb=$((slack_mb * 1024 + confirmed * kb_per_tx))
trend=$(awk '{ printf "%s%d", (NR > 1 ? " " : ""), $1 / 1024 }' "$rss_file")
echo "soak: $reads API reads, $bad answered 5xx or not at all"
echo "soak: server RSS $((rss_start / 1024)) MB at start, lowest $((rss_low / 1024)) MB, $((rss_end / 1024)) MB at the end of the run" \
  "(max $((rss_max / 1024)) MB): grew $((growth_kb / 1024)) MB over $confirmed transactions, bound $((bound_kb / 1024)) MB"
echo "soak: server RSS every 5 s (MB): $trend"

fail=0
if [ "$rc" -ne 0 ] && [ -n "$rss_100k" ]; then
  echo "soak: long: the agents were stopped at 100,000 transactions (lucky simulate's end checks skipped)"
elif [ "$rc" -ne 0 ]; then
  echo "soak: FAIL: lucky simulate exited $rc (its checks above)"
  tail -20 "$tmp/simulate.log"
  fail=1
fi
if [ "$bad" -ne 0 ]; then
  echo "soak: FAIL: reads without a good answer:"
  cat "$tmp"/reads.* | awk '$1 >= 500 || $1 == "000"' | sort | uniq -c | head
  fail=1
fi
# The long mode's bound is its ceiling, below (the agents' summary is cut short there).
if [ -z "$long" ] && [ "$growth_kb" -gt "$bound_kb" ]; then
  echo "soak: FAIL: the server's memory grew by $((growth_kb / 1024)) MB, more than the bound"
  fail=1
fi
if grep -q 'level=ERROR' "$tmp/serve.log"; then
  echo "soak: the server logged errors:"
  grep 'level=ERROR' "$tmp/serve.log" | head
fi
if [ -n "$long" ]; then
  if [ -z "$rss_100k" ]; then
    echo "soak: FAIL: the long run ended before 100,000 transactions"
    fail=1
  else
    echo "soak: long: RSS $((rss_start / 1024)) MB at start, $((rss_10k / 1024)) MB after 10,000 transactions," \
      "$((rss_100k / 1024)) MB after 100,000; highest $((peak_10k / 1024)) MB over the first 10,000," \
      "$((peak_100k / 1024)) MB over the last 10,000"
    if [ $((peak_100k * 100)) -gt $((peak_10k * 120)) ]; then
      echo "soak: FAIL: the highest RSS over the last 10,000 transactions is more than 20 % above the highest over the first 10,000"
      fail=1
    fi
  fi
fi
[ "$fail" -eq 0 ] && echo "soak: ok"
exit "$fail"
