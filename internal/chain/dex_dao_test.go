package chain

import (
	"math"
	"testing"
)

func TestDAOShareOf(t *testing.T) {
	for _, c := range []struct {
		share DAOShare
		in    uint64
		want  uint64
	}{
		{DAOShare{Mul: 10, Scale: 10_000}, 1_000_000_000, 1_000_000},              // Liquidswap default: ceil(30×33/100) = 10
		{DAOShare{Mul: 10, Scale: 10_000}, 999, 0},                                // floor
		{DAOShare{Mul: 10, Scale: 10_000}, math.MaxUint64, math.MaxUint64 / 1000}, // no u64 overflow in in×Mul
		{DAOShare{Mul: 0, Scale: 10_000}, 5_000, 0},                               // DAO fee 0
		{DAOShare{}, 5_000, 0},                                                    // unknown
		{DAOShare{Mul: 10_000, Scale: 10_000}, 5_000, 0},                          // not a share PoolDAOShare returns
	} {
		if got := c.share.Of(c.in); got != c.want {
			t.Errorf("%+v.Of(%d) = %d, want %d", c.share, c.in, got, c.want)
		}
	}
}
