package devnet

import (
	"fmt"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/supra"
)

// pastSignatures verifies the signatures of the transactions that write the past on the
// cores the writer leaves idle. The past is one writer signing and executing thousands of
// transactions in a row, and checking each signature before executing it was a third of
// the time `make run` took to start. A past transaction is signed by the writer itself, so
// a bad signature is a bug in it, not something to reject and go on from: the whole past
// fails (wait returns the error) and the node does not start on it.
type pastSignatures struct {
	g errgroup.Group
}

func newPastSignatures() *pastSignatures {
	p := &pastSignatures{}
	p.g.SetLimit(max(1, runtime.GOMAXPROCS(0)-1))
	return p
}

// check verifies tx in the background; with every checker busy it waits for one.
func (p *pastSignatures) check(tx *supra.SignedTransaction, hash [32]byte) {
	p.g.Go(func() error {
		if !tx.Verify() {
			return fmt.Errorf("devnet: past transaction %x: INVALID_SIGNATURE", hash)
		}
		return nil
	})
}

// wait returns when every check is done, with the first failure.
func (p *pastSignatures) wait() error { return p.g.Wait() }
