package api_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/api"
)

// Every /api/ request gets one deadline for all its node reads, but a transaction
// long-poll waits as long as it asked, the activity export streams as long as it takes,
// and other paths get none.
func TestBudgetDeadline(t *testing.T) {
	const budget = 15 * time.Second
	for _, tc := range []struct {
		path     string
		deadline bool
	}{
		{"/api/v1/swap/quote", true},
		{"/api/v1/slots/pots", true},
		{"/api/v1/tx/0xab", true},
		{"/api/v1/tx/0xab?wait=1ns", true}, // below a millisecond: no wait
		{"/api/v1/tx/0xab?wait=30s", false},
		{"/api/v1/tx/build?wait=30s", true},
		{"/api/v1/accounts/0xab/activity.csv", false},
		{"/api/v1/accounts/0xab/activity", true},
		{"/rpc/v1/block", false},
		{"/healthz", false},
	} {
		var got time.Time
		var ok bool
		h := api.Budget(budget, http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got, ok = r.Context().Deadline() }))
		start := time.Now()
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", tc.path, nil))
		if ok != tc.deadline {
			t.Errorf("%s: deadline %v, want %v", tc.path, ok, tc.deadline)
		}
		if ok && (got.Before(start.Add(budget)) || got.After(time.Now().Add(budget))) {
			t.Errorf("%s: deadline %v after the start, want %v", tc.path, got.Sub(start), budget)
		}
	}
	if got := api.RequestBudget(10 * time.Second); got != budget {
		t.Fatalf("RequestBudget(10 s) = %v", got)
	}
}
