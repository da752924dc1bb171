package supra

import (
	"context"
	"testing"
	"time"
)

type fakeTxNode struct {
	seq     uint64
	unknown bool
	gas     uint64
	v3      *GasPrice
	ids     int
}

func (f *fakeTxNode) Account(context.Context, Address) (AccountInfo, error) {
	if f.unknown {
		return AccountInfo{}, ErrAccountNotFound
	}
	return AccountInfo{SequenceNumber: f.seq}, nil
}

func (f *fakeTxNode) ChainID(context.Context) (uint8, error) { f.ids++; return DevnetChainID, nil }

func (f *fakeTxNode) GasPrice(context.Context) (GasPrice, error) {
	if f.v3 != nil {
		return *f.v3, nil
	}
	return GasPrice{MeanGasPrice: f.gas}, nil
}

func TestTxBuilder(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	payload := EntryFunction{Module: ModuleID{Address: FrameworkAddress, Name: "supra_account"}, Function: "transfer",
		Args: [][]byte{ArgAddress(FrameworkAddress), ArgU64(1)}}
	tests := []struct {
		name    string
		node    fakeTxNode
		maxGas  uint64
		minGas  uint64
		expiry  time.Duration
		wantSeq uint64
		wantGas uint64
		wantMax uint64
		wantExp uint64
	}{
		{"defaults, gas below the floor", fakeTxNode{seq: 7, gas: 50}, 0, 0, 0, 7, DefaultMinGasPrice, DefaultMaxGas, 1_700_000_030},
		{"node price above the floor", fakeTxNode{seq: 1, gas: 180}, 0, 0, 0, 1, 180, DefaultMaxGas, 1_700_000_030},
		{"unknown account starts at 0", fakeTxNode{unknown: true, gas: 100}, 0, 0, 0, 0, 100, DefaultMaxGas, 1_700_000_030},
		{"v3: the median above the chain's minimum", fakeTxNode{seq: 3, gas: 100, v3: &GasPrice{MeanGasPrice: 100, MedianGasPrice: 130_000, MinConfiguredGasPrice: 100_000, V3: true}},
			0, 0, 0, 3, 130_000, DefaultMaxGas, 1_700_000_030},
		{"v3: the chain's minimum above the median", fakeTxNode{seq: 3, v3: &GasPrice{MeanGasPrice: 100, MedianGasPrice: 100, MinConfiguredGasPrice: 100_000, V3: true}},
			0, 0, 0, 3, 100_000, DefaultMaxGas, 1_700_000_030},
		{"overrides", fakeTxNode{seq: 2, gas: 100}, 9000, 150, time.Minute, 2, 150, 9000, 1_700_000_060},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			node := tt.node
			b := &TxBuilder{Node: &node, Now: func() time.Time { return now }, MaxGas: tt.maxGas, MinGasPrice: tt.minGas, Expiry: tt.expiry}
			for range 2 {
				raw, err := b.Build(context.Background(), FrameworkAddress, payload)
				if err != nil {
					t.Fatal(err)
				}
				if raw.SequenceNumber != tt.wantSeq || raw.GasUnitPrice != tt.wantGas || raw.MaxGasAmount != tt.wantMax ||
					raw.ExpirationTimestampSecs != tt.wantExp || raw.ChainID != DevnetChainID || raw.Payload.Function != "transfer" {
					t.Fatalf("raw %+v", raw)
				}
			}
			if node.ids != 1 {
				t.Fatalf("chain id read %d times, want once", node.ids)
			}
		})
	}
}

func TestArgEncoders(t *testing.T) {
	if got := EncodeHex(ArgU64(0x0102)); got != "0x0201000000000000" {
		t.Errorf("u64 %s", got)
	}
	if got := EncodeHex(ArgString("ab")); got != "0x026162" {
		t.Errorf("string %s", got)
	}
	if got := EncodeHex(ArgBool(true)); got != "0x01" {
		t.Errorf("bool %s", got)
	}
	if got := ArgAddress(FrameworkAddress); len(got) != 32 || got[31] != 1 {
		t.Errorf("address %x", got)
	}
}
