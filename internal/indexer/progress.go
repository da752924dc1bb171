package indexer

import (
	"log/slog"
	"sync"
	"time"
)

// progressEvery is how often a long catch-up logs how it advances.
const progressEvery = 10 * time.Second

// bigCatchUp is how many blocks make a catch-up worth a "caught up" line and a place in
// Progress: a live index takes a block or two at a time and would fill the log.
const bigCatchUp = 1000

// Progress is how far the index has got and, for the latest long catch-up (a backfill, or
// a restart far behind the head), how fast it went: the figures the log shows every ten
// seconds, for a health check to serve.
type Progress struct {
	Indexed uint64 `json:"indexed"` // every block up to here is ingested (as Status)
	Head    uint64 `json:"head"`    // the node's head as last seen (as Status)
	// Quarantined is how many events the index holds aside because it could not decode them.
	Quarantined uint64 `json:"quarantined"`
	// CatchingUp is set while a catch-up of at least 1,000 blocks runs. From and the rates
	// are that catch-up's, or the last one's once it is done (zero before any).
	CatchingUp   bool    `json:"catching_up"`
	From         uint64  `json:"from"`
	BlocksPerSec float64 `json:"blocks_per_s"`
	EventsPerSec float64 `json:"events_per_s"`
	// ETASeconds is the time left at that catch-up's rate so far; 0 when it is done, or
	// before its first blocks are in (no rate yet).
	ETASeconds float64 `json:"eta_s"`
}

// Progress reports the index's progress; it is safe to call at any time, from any
// goroutine.
func (ix *Indexer) Progress() Progress {
	indexed, head := ix.Status()
	out := Progress{Indexed: indexed, Head: head, Quarantined: ix.Quarantined()}
	if p := ix.prog.Load(); p != nil {
		p.fill(&out, time.Now())
	}
	return out
}

// progress follows one catch-up: it logs how it advances (height, blocks/s, events/s,
// time left), so an operator backfilling a long chain sees it move and knows when it will
// be done, and holds the same figures for Progress.
type progress struct {
	log        *slog.Logger
	from, head uint64

	mu       sync.Mutex
	began    time.Time
	lastLog  time.Time
	at       uint64 // ingested up to here (from: nothing yet, unless blocks > 0)
	blocks   uint64 // blocks ingested so far
	events   int
	finished time.Time // zero while it runs
}

// newProgress starts following a catch-up of [from, head]; a long one becomes what
// Progress reports.
func (ix *Indexer) newProgress(from, head uint64) *progress {
	now := time.Now()
	p := &progress{log: ix.log, began: now, lastLog: now, from: from, head: head, at: from}
	if head+1-from >= bigCatchUp {
		ix.prog.Store(p)
	}
	return p
}

// add records that the index now holds every block up to at, with events more events.
func (p *progress) add(at uint64, events int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.at, p.blocks, p.events = at, at+1-p.from, p.events+events
	if now := time.Now(); now.Sub(p.lastLog) >= progressEvery {
		p.lastLog = now
		blocks, evs := p.rates(now)
		eta := time.Duration(float64(p.head-at) / blocks * float64(time.Second)).Round(time.Second)
		p.log.Info("indexer: catching up", "indexed", at, "head", p.head,
			"blocks_per_s", int(blocks), "events_per_s", int(evs), "eta", eta)
	}
}

// done ends the catch-up, and logs it when it was long enough to be worth a line.
func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	p.finished = now
	if p.blocks < bigCatchUp && now.Sub(p.began) < progressEvery {
		return
	}
	blocks, evs := p.rates(now)
	p.log.Info("indexer: caught up", "indexed", p.at, "blocks", p.blocks, "events", p.events,
		"took", now.Sub(p.began).Round(time.Millisecond), "blocks_per_s", int(blocks), "events_per_s", int(evs))
}

// fill puts the catch-up's figures as of now into out.
func (p *progress) fill(out *Progress, now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	out.From = p.from
	if !p.finished.IsZero() {
		now = p.finished
	}
	out.BlocksPerSec, out.EventsPerSec = p.rates(now)
	if p.finished.IsZero() {
		out.CatchingUp = true
		if out.BlocksPerSec > 0 && p.head > p.at {
			out.ETASeconds = float64(p.head-p.at) / out.BlocksPerSec
		}
	}
}

// rates is blocks and events per second so far (p.mu held): zero until the first
// blocks are in, so no time left is guessed from nothing.
func (p *progress) rates(now time.Time) (blocks, events float64) {
	secs := max(now.Sub(p.began).Seconds(), 1e-3)
	return float64(p.blocks) / secs, float64(p.events) / secs
}
