package supra

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
)

// Documented answers of estimate_gas_price. v1 and v2 are the examples of docs.supra.com's
// Move REST API, Transactions page ("Returns the mean and maximum gas prices…", v2 "the
// mean, median and maximum"); the v3 field set is the Supra TypeScript SDK's GasPrice type
// (supra-ts-sdk src/types/supraClient.ts), whose getMinGasUnitPrice reads
// min_configured_gas_price and getGasPrice median_gas_price from v3.
const (
	fixtureGasV1 = `{
  "mean_gas_price": 1,
  "max_gas_price": 1
}`
	fixtureGasV2 = `{
  "mean_gas_price": 1,
  "max_gas_price": 1,
  "median_gas_price": 1
}`
	fixtureGasV3 = `{"mean_gas_price":100000,"max_gas_price":250000,"median_gas_price":120000,"min_configured_gas_price":100000}`
)

func TestGasPriceAnswers(t *testing.T) {
	tests := []struct {
		name      string
		v1, v3    string // "" is 404
		want      GasPrice
		wantPrice uint64 // Price(DefaultMinGasPrice)
		wantErr   error
	}{
		{"v1 documented example", fixtureGasV1, "", GasPrice{MeanGasPrice: 1, MaxGasPrice: 1}, DefaultMinGasPrice, nil},
		{"v2 shape on the v1 path", fixtureGasV2, "", GasPrice{MeanGasPrice: 1, MaxGasPrice: 1, MedianGasPrice: 1}, DefaultMinGasPrice, nil},
		{"v3: max(minimum, median)", fixtureGasV1, fixtureGasV3,
			GasPrice{MeanGasPrice: 100000, MaxGasPrice: 250000, MedianGasPrice: 120000, MinConfiguredGasPrice: 100000, V3: true}, 120000, nil},
		{"v3: median below the minimum", "", `{"mean_gas_price":90000,"max_gas_price":100000,"median_gas_price":100,"min_configured_gas_price":100000}`,
			GasPrice{MeanGasPrice: 90000, MaxGasPrice: 100000, MedianGasPrice: 100, MinConfiguredGasPrice: 100000, V3: true}, 100000, nil},
		{"v3 without the minimum is broken", fixtureGasV1, fixtureGasV2, GasPrice{}, 0, ErrInvalidResponse},
		{"v3 not JSON", fixtureGasV1, `<html>`, GasPrice{}, 0, ErrInvalidResponse},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			routes := map[string]func(http.ResponseWriter, *http.Request){}
			if tt.v1 != "" {
				routes["GET /rpc/v1/transactions/estimate_gas_price"] = reply(200, tt.v1)
			}
			if tt.v3 != "" {
				routes["GET /rpc/v3/transactions/estimate_gas_price"] = reply(200, tt.v3)
			}
			c, err := NewClient([]string{fixtureNode(t, routes).URL}, WithRetries(0, 0))
			if err != nil {
				t.Fatal(err)
			}
			g, err := c.GasPrice(context.Background())
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err %v, want %v", err, tt.wantErr)
			}
			if g != tt.want {
				t.Fatalf("answer %+v, want %+v", g, tt.want)
			}
			if tt.wantErr == nil && g.Price(DefaultMinGasPrice) != tt.wantPrice {
				t.Fatalf("price %d, want %d", g.Price(DefaultMinGasPrice), tt.wantPrice)
			}
		})
	}
}

// A node without v3 is asked v3 once, then v1 alone: no second round trip per build.
func TestGasPriceRemembersNoV3(t *testing.T) {
	var v1, v3 atomic.Int32
	srv := fixtureNode(t, map[string]func(http.ResponseWriter, *http.Request){
		"GET /rpc/v1/transactions/estimate_gas_price": func(w http.ResponseWriter, r *http.Request) { v1.Add(1); reply(200, fixtureGasV1)(w, r) },
		"GET /rpc/v3/transactions/estimate_gas_price": func(w http.ResponseWriter, r *http.Request) { v3.Add(1); w.WriteHeader(http.StatusNotFound) },
	})
	c, err := NewClient([]string{srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if g, err := c.GasPrice(context.Background()); err != nil || g.V3 || g.MeanGasPrice != 1 {
			t.Fatalf("%+v %v", g, err)
		}
	}
	if v3.Load() != 1 || v1.Load() != 3 {
		t.Fatalf("v3 asked %d times, v1 %d; want 1 and 3", v3.Load(), v1.Load())
	}
}

func TestMaxGasForUsed(t *testing.T) {
	tests := []struct{ used, want uint64 }{
		{0, MinSimulatedMaxGas},
		{10, MinSimulatedMaxGas},
		{50, 100},
		{1009, 2018},
		{MaxGasLimit / 2, MaxGasLimit},
		{MaxGasLimit/2 + 1, MaxGasLimit},
		{1 << 63, MaxGasLimit},
	}
	for _, tt := range tests {
		if got := MaxGasForUsed(tt.used); got != tt.want {
			t.Errorf("MaxGasForUsed(%d) = %d, want %d", tt.used, got, tt.want)
		}
	}
}
