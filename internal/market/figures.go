package market

import (
	"context"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// figure is a coin's slow figures: its total supply and the burn address's balance of it.
type figure struct {
	supply *big.Int
	// supplyErr is why the chain gave no supply (the registry's is used then); a transient
	// one means the node failed the read.
	supplyErr error
	burned    *big.Int
	// burnedErr is the node's failure to read the burned amount (transient errors only).
	burnedErr error
	// height is the chain height known to be reached when they were read (a lower bound
	// of the height they show); readAt is when.
	height uint64
	readAt time.Time
}

// complete reports figures the node answered in full (a supply the chain does not keep is
// an answer): they are kept and stored.
func (f figure) complete() bool {
	return !transient(f.supplyErr) && f.burnedErr == nil && f.burned != nil
}

// storedFresh: stored figures read from the database this recently are not read again
// before a background refresh (a restarted server's first refresh starts right after it
// read them, while the first answer is still being written).
const storedFresh = 5 * time.Second

// errSupplyNotKept is the supply error of a stored figure whose coin had no supply on
// chain when read.
var errSupplyNotKept = fmt.Errorf("%w (when last read)", chain.ErrSupplyUntracked)

// loadFigures reads the stored slow figures once; a store that fails leaves them to the
// node (read on the request path) and is asked again at the next refresh.
func (s *Service) loadFigures(ctx context.Context) {
	s.mu.Lock()
	loaded := s.figsLoaded
	s.mu.Unlock()
	if loaded {
		return
	}
	var rows []store.CoinSupply
	if s.idx != nil {
		var err error
		if rows, err = s.idx.CoinSupplies(ctx); err != nil {
			s.log.Warn("market: stored supplies unreadable, read from the node", "err", err)
			return
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mergeStoredLocked(rows)
	s.figsLoaded = true
	s.figsReadAt = s.now()
}

// mergeStoredLocked takes the stored figures of the registry's coins that are newer than
// the ones held (another replica sharing the database may have read them) and younger than
// SupplyMaxAge; s.mu is held.
func (s *Service) mergeStoredLocked(rows []store.CoinSupply) {
	now := s.now()
	changed := false
	for _, r := range rows {
		if _, ok := s.reg.ByCoin(r.Coin); !ok || r.Burned == nil {
			continue
		}
		at := time.UnixMicro(r.ReadAtUS)
		if now.Sub(at) >= s.supplyMaxAge {
			continue
		}
		if cur, ok := s.figs[r.Coin]; ok && !at.After(cur.readAt) {
			continue
		}
		f := figure{supply: r.Supply, burned: r.Burned, height: r.Height, readAt: at}
		if r.Supply == nil {
			f.supplyErr = errSupplyNotKept
		}
		s.figs[r.Coin] = f
		changed = true
	}
	if changed {
		s.figsVer++
	}
}

// keepFigures takes complete figures read from the node unless the chain was rewound
// since the read began; it reports whether they were kept.
func (s *Service) keepFigures(gen uint64, fs map[supra.CoinType]figure) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen != s.gen || len(fs) == 0 {
		return false
	}
	for c, f := range fs {
		if cur, ok := s.figs[c]; ok && cur.readAt.After(f.readAt) {
			continue
		}
		s.figs[c] = f
		delete(s.tried, c)
	}
	s.figsVer++
	s.nextDue = time.Time{}
	return true
}

// saveFigures stores figures for the next start (and the other replicas).
func (s *Service) saveFigures(ctx context.Context, fs map[supra.CoinType]figure) {
	if s.idx == nil || len(fs) == 0 {
		return
	}
	rows := make([]store.CoinSupply, 0, len(fs))
	for c, f := range fs {
		rows = append(rows, store.CoinSupply{Coin: c, Supply: f.supply, Burned: f.burned, Height: f.height, ReadAtUS: f.readAt.UnixMicro()})
	}
	if err := s.idx.SaveCoinSupplies(ctx, rows); err != nil {
		s.log.Warn("market: supplies not stored", "err", err)
	}
}

// minFigureHeightLocked is the lowest height a held figure was read at (0 without any):
// the index's burns above it are the ones that can make a figure due. s.mu is held.
func (s *Service) minFigureHeightLocked() uint64 {
	var low uint64
	first := true
	for _, f := range s.figs {
		if first || f.height < low {
			low, first = f.height, false
		}
	}
	return low
}

// dueLocked lists the tokens whose figures are due: older than SupplyTTL, or read below
// the index's last burn of their coin; next is when the next one falls due by age. A coin
// whose read failed waits figureRetry. Missing figures are not listed: the request path
// reads them. s.mu is held.
func (s *Service) dueLocked(v *indexView, now time.Time) (due []tokens.Token, next time.Time) {
	next = now.Add(s.supplyTTL)
	for _, t := range s.reg.All() {
		c := t.Coin()
		f, ok := s.figs[c]
		if !ok {
			continue
		}
		if at, ok := s.tried[c]; ok && now.Sub(at) < figureRetry {
			next = minTime(next, at.Add(figureRetry))
			continue
		}
		expires := f.readAt.Add(s.supplyTTL)
		burnt := v != nil && v.lastBurn[c] > f.height
		if !now.Before(expires) || burnt {
			due = append(due, t)
			continue
		}
		next = minTime(next, expires)
	}
	return due, next
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// refreshFigures starts a background read of the slow figures that are due, unless one
// runs. The old figures are served meanwhile; the new ones show in the next answer.
func (s *Service) refreshFigures(v *indexView) {
	now := s.now()
	s.mu.Lock()
	if s.figsBusy || !s.figsLoaded || s.rewound || (now.Before(s.nextDue) && v == s.dueView) {
		s.mu.Unlock()
		return
	}
	due, next := s.dueLocked(v, now)
	s.dueView, s.nextDue = v, next
	if len(due) == 0 {
		s.mu.Unlock()
		return
	}
	s.figsBusy = true
	gen := s.gen
	s.mu.Unlock()
	go s.readFigures(gen, v)
}

// readFigures reads the due slow figures in the background: each coin's two reads one
// after the other, at most a quarter of the service's bound of coins at a time (and each
// read within the bound), so a refresh of every coin's figures is spread out rather than
// a burst that would hold up requests' reads.
func (s *Service) readFigures(gen uint64, v *indexView) {
	defer func() {
		s.mu.Lock()
		s.figsBusy = false
		s.mu.Unlock()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), figuresTimeout)
	defer cancel()
	s.mu.Lock()
	reload := s.idx != nil && s.now().Sub(s.figsReadAt) >= storedFresh
	s.mu.Unlock()
	if reload {
		// Another replica sharing the database may have read them already.
		rows, err := s.idx.CoinSupplies(ctx)
		if err != nil {
			s.log.Warn("market: stored supplies unreadable", "err", err)
		}
		s.mu.Lock()
		s.mergeStoredLocked(rows)
		s.figsReadAt = s.now()
		s.mu.Unlock()
	}
	s.mu.Lock()
	due, _ := s.dueLocked(v, s.now())
	s.mu.Unlock()
	if len(due) == 0 {
		return
	}
	burn, err := supra.ParseAddress(s.chain.Network.Modules.BurnAddress)
	if err != nil {
		s.log.Warn("market: burn address", "err", err)
		return
	}
	stamp := s.knownHead(v)
	var (
		mu     sync.Mutex
		wg     sync.WaitGroup
		fresh  = map[supra.CoinType]figure{}
		failed []supra.CoinType
	)
	for _, t := range due {
		select {
		case s.bg <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-s.bg }()
			f, err := s.readFigure(ctx, t, burn)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				s.log.Warn("market: supply not refreshed", "token", t.Name, "err", err)
				failed = append(failed, t.Coin())
				return
			}
			f.height, f.readAt = stamp, s.now()
			fresh[t.Coin()] = f
		}()
	}
	wg.Wait()
	s.mu.Lock()
	now := s.now()
	for _, c := range failed {
		s.tried[c] = now
	}
	s.nextDue = time.Time{}
	s.mu.Unlock()
	if s.keepFigures(gen, fresh) {
		s.saveFigures(ctx, fresh)
	}
}

// readFigure reads one coin's supply and burned amount, within the service's bound.
func (s *Service) readFigure(ctx context.Context, t tokens.Token, burn supra.Address) (figure, error) {
	var f figure
	if err := s.acquire(ctx); err != nil {
		return f, err
	}
	v, err := s.chain.Coins.CoinSupply(ctx, t.Coin())
	s.release()
	if transient(err) {
		return f, err
	}
	f.supply, f.supplyErr = v, err
	if err := s.acquire(ctx); err != nil {
		return f, err
	}
	b, err := s.chain.Coins.CoinBalance(ctx, burn, t.Coin())
	s.release()
	if err != nil {
		return f, err
	}
	f.burned = new(big.Int).SetUint64(b)
	return f, nil
}
