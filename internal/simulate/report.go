package simulate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// Report is what a run did.
type Report struct {
	Elapsed  time.Duration // from the first tick to the last, the wait for the last transactions excluded
	Rate     float64       // the target, transactions a second
	Accounts int
	// Sent were accepted by the node; each ends Confirmed, Failed (executed and
	// aborted: gas paid, nothing else changed) or Lost (never final in time).
	Sent, Confirmed int
	Failed          []Count // by reason, the VM status's module and abort
	Lost            int
	// Unfollowed were sent when the run was stopped (its ctx ended) and not waited for.
	Unfollowed int
	// Rejected were refused at submit (bad sequence number, expiry, gas): they never ran.
	Rejected []Count
	// Errors are decisions that sent nothing because the node failed a read.
	Errors []Count
	// Skipped are decisions that sent nothing on purpose: nothing to sell, an app rule.
	Skipped []Count
	Kinds   []KindCount
	Latency Latency // submit to final status, of the executed transactions
}

// Count is how many times one reason came up; Example is one full text of it.
type Count struct {
	Reason   string
	N        int
	Example  string
	Expected string // why a contract refusal is part of the game ("" when it is not)
}

// KindCount is one kind of transaction: sent, confirmed and failed.
type KindCount struct {
	Kind                    string
	Sent, Confirmed, Failed int
}

// Latency is a percentile summary of N samples.
type Latency struct {
	N                  int
	P50, P90, P99, Max time.Duration
}

// expectedRefusals are the aborts agents provoke by acting at the same time, as people
// do: a contract refusing them is the contract working.
var expectedRefusals = []struct{ reason, why string }{
	{"scripts: 0xcd", "slippage: another trade moved the price between quote and swap"},
	{"slots_v3: EHOUSE_FUND_INSUFFICIENT", "another play changed the house pot between the check and the spin"},
}

func expected(reason string) string {
	for _, e := range expectedRefusals {
		if strings.HasPrefix(reason, e.reason) {
			return e.why
		}
	}
	return ""
}

// FailedTotal is the number of executed transactions that failed.
func (r *Report) FailedTotal() int { return total(r.Failed) }

// TxPerSecond is the rate the run sent at.
func (r *Report) TxPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Sent) / r.Elapsed.Seconds()
}

// Unexpected lists what went wrong beyond the expected contract refusals: failures for
// other reasons, submits refused, node errors and lost transactions.
func (r *Report) Unexpected() []Count {
	var out []Count
	for _, c := range r.Failed {
		if c.Expected == "" {
			out = append(out, Count{Reason: "failed: " + c.Reason, N: c.N, Example: c.Example})
		}
	}
	for _, c := range r.Rejected {
		out = append(out, Count{Reason: "refused at submit: " + c.Reason, N: c.N, Example: c.Example})
	}
	for _, c := range r.Errors {
		out = append(out, Count{Reason: "node error: " + c.Reason, N: c.N, Example: c.Example})
	}
	if r.Lost > 0 {
		out = append(out, Count{Reason: fmt.Sprintf("not final after %s", waitFinal), N: r.Lost})
	}
	return out
}

// Err is ErrCheck when nothing was confirmed or something unexpected happened.
func (r *Report) Err() error {
	if u := r.Unexpected(); len(u) > 0 {
		parts := make([]string, len(u))
		for i, c := range u {
			parts[i] = fmt.Sprintf("%d %s", c.N, c.Reason)
		}
		return fmt.Errorf("%w: transactions: %s", ErrCheck, strings.Join(parts, "; "))
	}
	if r.Confirmed == 0 {
		return fmt.Errorf("%w: no transaction confirmed", ErrCheck)
	}
	return nil
}

// Write prints the report for people.
func (r *Report) Write(w io.Writer) {
	fmt.Fprintf(w, "simulated %s at %.3g tx/s with %d accounts\n", r.Elapsed.Round(time.Millisecond), r.Rate, r.Accounts)
	fmt.Fprintf(w, "  sent %d (%.2f tx/s), confirmed %d, failed %d, lost %d, refused at submit %d, node errors %d, skipped %d\n",
		r.Sent, r.TxPerSecond(), r.Confirmed, r.FailedTotal(), r.Lost, total(r.Rejected), total(r.Errors), total(r.Skipped))
	for _, k := range r.Kinds {
		fmt.Fprintf(w, "  %-11s sent %5d  confirmed %5d  failed %4d\n", k.Kind, k.Sent, k.Confirmed, k.Failed)
	}
	l := r.Latency
	fmt.Fprintf(w, "  latency submit→final (%d): p50 %s  p90 %s  p99 %s  max %s\n", l.N, ms(l.P50), ms(l.P90), ms(l.P99), ms(l.Max))
	for _, sec := range []struct {
		name string
		cs   []Count
	}{{"failed", r.Failed}, {"refused at submit", r.Rejected}, {"node errors", r.Errors}, {"skipped", r.Skipped}} {
		for _, c := range sec.cs {
			line := fmt.Sprintf("  %s: %d × %s", sec.name, c.N, c.Reason)
			if c.Expected != "" {
				line += " (expected: " + c.Expected + ")"
			} else if c.Example != "" && c.Example != c.Reason {
				line += " — " + c.Example
			}
			fmt.Fprintln(w, line)
		}
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }

func total(cs []Count) int {
	n := 0
	for _, c := range cs {
		n += c.N
	}
	return n
}

// stats gathers a run's outcomes from the agents' goroutines.
type stats struct {
	mu                              sync.Mutex
	kinds                           map[string]*KindCount
	failures, refusals, errs, skips counter
	lostN, unfollowedN              int
	lat                             ring
}

func newStats() *stats {
	return &stats{kinds: map[string]*KindCount{}, failures: counter{}, refusals: counter{}, errs: counter{}, skips: counter{}}
}

func (s *stats) kind(k string) *KindCount {
	kc := s.kinds[k]
	if kc == nil {
		kc = &KindCount{Kind: k}
		s.kinds[k] = kc
	}
	return kc
}

func (s *stats) sent(kind string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.kind(kind).Sent++
}

func (s *stats) confirmed(kind string, took time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.kind(kind).Confirmed++
	s.lat.add(took)
}

func (s *stats) failed(kind, reason, example string, took time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.kind(kind).Failed++
	s.failures.add(reason, example)
	s.lat.add(took)
}

func (s *stats) lost() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lostN++
}

func (s *stats) unfollowed() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.unfollowedN++
}

func (s *stats) rejected(kind, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refusals.add(kind+": "+reason, "")
}

func (s *stats) errored(kind, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errs.add(kind+": "+reason, "")
}

func (s *stats) skip(kind, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.skips.add(kind+": "+reason, "")
}

func (s *stats) report(elapsed time.Duration, cfg Config) *Report {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := &Report{Elapsed: elapsed, Rate: cfg.Rate, Accounts: cfg.Accounts, Lost: s.lostN, Unfollowed: s.unfollowedN,
		Failed: s.failures.counts(), Rejected: s.refusals.counts(), Errors: s.errs.counts(), Skipped: s.skips.counts(),
		Latency: s.lat.summary()}
	for _, k := range s.kinds {
		r.Sent += k.Sent
		r.Confirmed += k.Confirmed
		r.Kinds = append(r.Kinds, *k)
	}
	slices.SortFunc(r.Kinds, func(a, b KindCount) int {
		if a.Sent != b.Sent {
			return b.Sent - a.Sent
		}
		return strings.Compare(a.Kind, b.Kind)
	})
	for i := range r.Failed {
		r.Failed[i].Expected = expected(r.Failed[i].Reason)
	}
	return r
}

// counter counts reasons. Reasons are kept short and free of amounts and addresses, so
// that a long run has a few dozen at most; past maxReasons the rest are "other".
type counter map[string]*Count

const maxReasons = 64

func (c counter) add(reason, example string) {
	x := c[reason]
	if x == nil {
		if len(c) >= maxReasons {
			reason = "other"
			if x = c[reason]; x != nil {
				x.N++
				return
			}
		}
		x = &Count{Reason: reason, Example: example}
		c[reason] = x
	}
	x.N++
}

func (c counter) counts() []Count {
	out := make([]Count, 0, len(c))
	for _, x := range c {
		out = append(out, *x)
	}
	slices.SortFunc(out, func(a, b Count) int {
		if a.N != b.N {
			return b.N - a.N
		}
		return strings.Compare(a.Reason, b.Reason)
	})
	return out
}

// ring keeps the latest latency samples: enough for a long run's percentiles, bounded for
// one that never ends (lucky serve --simulate).
type ring struct {
	buf  []time.Duration
	next int
}

const ringSize = 1 << 16

func (r *ring) add(d time.Duration) {
	if len(r.buf) < ringSize {
		r.buf = append(r.buf, d)
		return
	}
	r.buf[r.next] = d
	r.next = (r.next + 1) % ringSize
}

func (r *ring) summary() Latency {
	if len(r.buf) == 0 {
		return Latency{}
	}
	s := slices.Clone(r.buf)
	slices.Sort(s)
	at := func(pct int) time.Duration { return s[(len(s)-1)*pct/100] }
	return Latency{N: len(s), P50: at(50), P90: at(90), P99: at(99), Max: s[len(s)-1]}
}

// vmReason is the reason of a failed transaction's VM status: the module and the abort
// ("scripts: 0xcd", "coin: EINSUFFICIENT_BALANCE(0x10006)"), without the module's address
// and the description (which carries amounts); other statuses up to their first colon.
func vmReason(vm string) string {
	if rest, ok := strings.CutPrefix(vm, "Move abort in "); ok {
		mod, abort, _ := strings.Cut(rest, ": ")
		if i := strings.LastIndex(mod, "::"); i >= 0 {
			mod = mod[i+2:]
		}
		abort, _, _ = strings.Cut(abort, ": ")
		return mod + ": " + abort
	}
	head, _, _ := strings.Cut(vm, ":")
	if head = strings.TrimSpace(head); head == "" {
		return "unknown"
	}
	return head
}

// submitReason is why the node refused a submit: its VM status ("SEQUENCE_NUMBER_TOO_OLD")
// when it gave one.
func submitReason(err error) string {
	var ne *supra.NodeError
	if errors.As(err, &ne) && ne.Status < http.StatusInternalServerError {
		msg := strings.TrimPrefix(ne.Message, "Invalid transaction: ")
		head, _, _ := strings.Cut(msg, ":")
		if head = strings.TrimSpace(head); head != "" {
			return head
		}
		return ne.Code
	}
	return errReason(err)
}

var hexRE = regexp.MustCompile(`0x[0-9a-fA-F]+`)

// errReason is a short, address-free text of a failed read or submit.
func errReason(err error) string {
	var ne *supra.NodeError
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "node timeout"
	case errors.As(err, &ne):
		return fmt.Sprintf("node answered %d %s", ne.Status, ne.Code)
	case supra.NodeFailed(err):
		return "node unavailable"
	}
	s := hexRE.ReplaceAllString(err.Error(), "0x…")
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}
