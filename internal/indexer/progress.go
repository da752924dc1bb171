package indexer

import (
	"log/slog"
	"time"
)

// progressEvery is how often a long catch-up logs how it advances.
const progressEvery = 10 * time.Second

// bigCatchUp is how many blocks make a catch-up worth a "caught up" line: a live index
// takes a block or two at a time and would fill the log.
const bigCatchUp = 1000

// progress logs a catch-up as it advances (height, blocks/s, events/s, time left), so an
// operator backfilling a long chain sees it move and knows when it will be done.
type progress struct {
	log        *slog.Logger
	began      time.Time
	lastLog    time.Time
	from, head uint64
	at         uint64
	events     int
}

func (ix *Indexer) newProgress(from, head uint64) *progress {
	now := time.Now()
	return &progress{log: ix.log, began: now, lastLog: now, from: from, head: head, at: from}
}

// add records that the index now holds every block up to at, with events more events.
func (p *progress) add(at uint64, events int) {
	p.at, p.events = at, p.events+events
	if now := time.Now(); now.Sub(p.lastLog) >= progressEvery {
		p.lastLog = now
		blocks, secs := p.rates(now)
		eta := time.Duration(float64(p.head-at) / blocks * float64(time.Second)).Round(time.Second)
		p.log.Info("indexer: catching up", "indexed", at, "head", p.head,
			"blocks_per_s", int(blocks), "events_per_s", int(float64(p.events)/secs), "eta", eta)
	}
}

// done logs the end of a catch-up that was long enough to be worth a line.
func (p *progress) done() {
	now := time.Now()
	if p.at+1-p.from < bigCatchUp && now.Sub(p.began) < progressEvery {
		return
	}
	blocks, secs := p.rates(now)
	p.log.Info("indexer: caught up", "indexed", p.at, "blocks", p.at+1-p.from, "events", p.events,
		"took", now.Sub(p.began).Round(time.Millisecond), "blocks_per_s", int(blocks), "events_per_s", int(float64(p.events)/secs))
}

// rates is blocks per second so far and the seconds elapsed (never zero).
func (p *progress) rates(now time.Time) (blocks, secs float64) {
	secs = max(now.Sub(p.began).Seconds(), 1e-3)
	return float64(p.at+1-p.from) / secs, secs
}
