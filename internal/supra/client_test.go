package supra

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Fixtures in the shapes a real Supra node answers with (copied from real node output).
const (
	fixtureAccount = `{"sequence_number":1,"authentication_key":"0x85e8ce0c7f1ca2d1af1ea2bd3b2be4c0c2e5d2f9b44df08d9c4d58d1b49d560f"}`
	fixtureTx      = `{"authenticator":{"Move":{"Ed25519":{"public_key":"0xf66b","signature":"0x00"}}},
"block_header":{"hash":"0xbb","height":24,"timestamp":{"microseconds_since_unix_epoch":1700000000000000,"utc_date_time":"2023-11-14T22:13:20Z"}},
"hash":"0xaa","header":{"chain_id":255,"expiration_timestamp":{"microseconds_since_unix_epoch":1700000030000000,"utc_date_time":"x"},
"sender":{"Move":"0x85e8"},"sequence_number":0,"gas_unit_price":100,"max_gas_amount":500000},
"payload":{"Move":{"type":"entry_function_payload","function":"0x1::supra_account::transfer","type_arguments":[],"arguments":["0x7da2","2000"]}},
"output":{"Move":{"gas_used":9,"events":[{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0","type":"0x1::coin::CoinWithdraw","data":{"account":"0x85e8","amount":"2000","coin_type":"0x1::supra_coin::SupraCoin"}}],"vm_status":"Executed successfully"}},
"status":"Success"}`
	fixtureResources = `{"Resources":{"resource":[["0x1::coin::CoinStore<0x1::supra_coin::SupraCoin>",{"address":"0x1","module":"coin","name":"CoinStore","type_args":[{"struct":{"address":"0x1","module":"supra_coin","name":"SupraCoin","type_args":[]}}]}]],"cursor":"0xab"}}`
)

func fixtureNode(t *testing.T, routes map[string]func(w http.ResponseWriter, r *http.Request)) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for prefix, h := range routes {
			if strings.HasPrefix(r.Method+" "+r.URL.Path, prefix) {
				h(w, r)
				return
			}
		}
		w.WriteHeader(http.StatusNotFound)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func reply(status int, body string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
}

func TestClientAgainstFixtures(t *testing.T) {
	addr := MustParseAddress("0x85e8")
	ctx := context.Background()
	tests := []struct {
		name    string
		routes  map[string]func(http.ResponseWriter, *http.Request)
		call    func(c *Client) (any, error)
		want    string
		wantErr error
	}{
		{"chain id", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/transactions/chain_id": reply(200, "8")},
			func(c *Client) (any, error) { return c.ChainID(ctx) }, "8", nil},
		{"gas price", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/transactions/estimate_gas_price": reply(200, `{"mean_gas_price":100,"max_gas_price":150}`)},
			func(c *Client) (any, error) { g, err := c.GasPrice(ctx); return g.MeanGasPrice, err }, "100", nil},
		{"account", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/accounts/": reply(200, fixtureAccount)},
			func(c *Client) (any, error) { a, err := c.Account(ctx, addr); return a.SequenceNumber, err }, "1", nil},
		{"account null", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/accounts/": reply(200, "null")},
			func(c *Client) (any, error) { return c.Account(ctx, addr) }, "", ErrAccountNotFound},
		{"account 202", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/accounts/": reply(202, "")},
			func(c *Client) (any, error) { return c.Account(ctx, addr) }, "", ErrAccountNotFound},
		{"resources page", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/accounts/": reply(200, fixtureResources)},
			func(c *Client) (any, error) {
				p, err := c.Resources(ctx, addr, 15, "")
				if err != nil {
					return nil, err
				}
				return fmt.Sprintf("%s %s %s", p.Resource[0].Type, p.Resource[0].Tag.Name, p.Cursor), nil
			}, "0x1::coin::CoinStore<0x1::supra_coin::SupraCoin> CoinStore 0xab", nil},
		{"resource", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/accounts/": reply(200, `{"result":[{"coin":{"value":"49997100"}}]}`)},
			func(c *Client) (any, error) {
				r, err := c.Resource(ctx, addr, "0x1::coin::CoinStore<0x1::supra_coin::SupraCoin>")
				return string(r), err
			},
			`{"coin":{"value":"49997100"}}`, nil},
		{"resource null", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/accounts/": reply(200, `{"result":[null]}`)},
			func(c *Client) (any, error) { return c.Resource(ctx, addr, "0x1::x::Y") }, "", ErrResourceNotFound},
		{"transaction", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/transactions/": reply(200, fixtureTx)},
			func(c *Client) (any, error) {
				tx, err := c.Transaction(ctx, "0xaa")
				if err != nil {
					return nil, err
				}
				return fmt.Sprintf("%s %d %s %s", AppStatus(tx), tx.Output.Move.GasUsed, tx.Output.Move.Events[0].Type, tx.Payload.Move.Function), nil
			}, "Success 9 0x1::coin::CoinWithdraw 0x1::supra_account::transfer", nil},
		{"transaction unknown", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/transactions/": reply(200, "null")},
			func(c *Client) (any, error) { return c.Transaction(ctx, "0xaa") }, "", ErrTxNotFound},
		{"view", map[string]func(http.ResponseWriter, *http.Request){"POST /rpc/v1/view": func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			if !strings.Contains(string(b), `"arguments":["0x85e8"]`) || !strings.Contains(string(b), `"type_arguments":["0x1::supra_coin::SupraCoin"]`) {
				reply(400, `{"message":"bad body","error_code":"invalid_input"}`)(w, r)
				return
			}
			reply(200, `{"result":["123"]}`)(w, r)
		}},
			func(c *Client) (any, error) {
				r, err := c.View(ctx, "0x1::coin::balance", []string{"0x1::supra_coin::SupraCoin"}, []string{"0x85e8"})
				if err != nil {
					return nil, err
				}
				return string(r[0]), nil
			}, `"123"`, nil},
		{"coin transactions", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/accounts/": reply(200, `{"record":[`+fixtureTx+`],"cursor":28}`)},
			func(c *Client) (any, error) {
				r, err := c.CoinTransactions(ctx, addr, 15, 0)
				return fmt.Sprint(len(r.Record), r.Cursor), err
			}, "1 28", nil},
		{"account transactions null", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/accounts/": reply(200, `null`)},
			func(c *Client) (any, error) { return c.AccountTransactions(ctx, addr, 15, 0) }, "", ErrAccountNotFound},
		{"faucet", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/wallet/faucet/": reply(200, `{"Accepted":"0xabc"}`)},
			func(c *Client) (any, error) { return c.Faucet(ctx, addr) }, "0xabc", nil},
		{"faucet no Accepted", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/wallet/faucet/": reply(200, `{"Rejected":"x"}`)},
			func(c *Client) (any, error) { return c.Faucet(ctx, addr) }, "", ErrFaucetUnexpected},
		{"faucet not an object", map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/wallet/faucet/": reply(200, `"busy"`)},
			func(c *Client) (any, error) { return c.Faucet(ctx, addr) }, "", ErrFaucetLater},
		{"submit", map[string]func(http.ResponseWriter, *http.Request){"POST /rpc/v1/transactions/submit": reply(200, `"0xfeed"`)},
			func(c *Client) (any, error) { return c.Submit(ctx, map[string]any{"Move": map[string]any{}}) }, "0xfeed", nil},
		{"submit rejected", map[string]func(http.ResponseWriter, *http.Request){"POST /rpc/v1/transactions/submit": reply(400, `{"message":"sequence number too old","error_code":"sequence_number_too_old"}`)},
			func(c *Client) (any, error) {
				_, err := c.Submit(ctx, map[string]any{})
				var ne *NodeError
				if errors.As(err, &ne) {
					return ne.Code, nil
				}
				return nil, err
			}, "sequence_number_too_old", nil},
		{"submit without body", nil,
			func(c *Client) (any, error) { return c.Submit(ctx, nil) }, "", ErrNoBody},
		{"simulate failing", map[string]func(http.ResponseWriter, *http.Request){"POST /rpc/v1/transactions/simulate": reply(200, `{"status":"Fail","output":{"Move":{"gas_used":3,"events":[],"vm_status":"Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006)"}}}`)},
			func(c *Client) (any, error) {
				_, err := c.Simulate(ctx, map[string]any{})
				if !errors.Is(err, ErrSimulationFailed) {
					return nil, err
				}
				return err.Error(), nil
			}, "Transaction Can Be Failed, Reason: Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006)", nil},
		{"404 without body", map[string]func(http.ResponseWriter, *http.Request){},
			func(c *Client) (any, error) { return c.ChainID(ctx) }, "", ErrPathNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := fixtureNode(t, tt.routes)
			c, err := NewClient([]string{srv.URL}, WithRetries(0, 0))
			if err != nil {
				t.Fatal(err)
			}
			got, err := tt.call(c)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != tt.want {
				t.Fatalf("got %v, want %s", got, tt.want)
			}
		})
	}
}

func TestAppStatus(t *testing.T) {
	tests := map[string]string{"Success": TxSuccess, "Fail": TxFailed, "Invalid": TxFailed, "Unexecuted": TxPending, "Pending": TxPending, "PendingAfterExecution": TxPending}
	for node, want := range tests {
		if got := AppStatus(&TransactionInfo{Status: node}); got != want {
			t.Errorf("%s -> %s, want %s", node, got, want)
		}
	}
	if AppStatus(nil) != TxPending {
		t.Error("nil must be Pending")
	}
}

// refusedURL returns a loopback URL on which nothing listens.
func refusedURL(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	u := "http://" + ln.Addr().String()
	ln.Close()
	return u
}

func TestFailover(t *testing.T) {
	ctx := context.Background()
	var backupHits atomic.Int32
	backup := fixtureNode(t, map[string]func(http.ResponseWriter, *http.Request){
		"GET /rpc/v1/transactions/chain_id": func(w http.ResponseWriter, r *http.Request) { backupHits.Add(1); reply(200, "8")(w, r) },
		"POST /rpc/v1/transactions/submit":  func(w http.ResponseWriter, r *http.Request) { backupHits.Add(1); reply(200, `"0x1"`)(w, r) },
	})
	hang := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Read the body so the server notices when the client gives up.
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-hang:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(slow.Close)
	t.Cleanup(func() { close(hang) }) // runs first: releases handlers before Close waits for them
	failing := fixtureNode(t, map[string]func(http.ResponseWriter, *http.Request){"GET ": reply(503, "overloaded")})

	t.Run("primary refuses connections", func(t *testing.T) {
		c, _ := NewClient([]string{refusedURL(t), backup.URL}, WithRetries(0, 0))
		if id, err := c.ChainID(ctx); err != nil || id != 8 {
			t.Fatalf("id %d err %v", id, err)
		}
		// A submit may fail over too: the refused node never saw it.
		if h, err := c.Submit(ctx, map[string]any{}); err != nil || h != "0x1" {
			t.Fatalf("submit %q %v", h, err)
		}
	})
	t.Run("primary times out", func(t *testing.T) {
		c, _ := NewClient([]string{slow.URL, backup.URL}, WithTimeout(100*time.Millisecond), WithRetries(0, 0))
		start := time.Now()
		if id, err := c.ChainID(ctx); err != nil || id != 8 {
			t.Fatalf("id %d err %v", id, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("failover took %v", d)
		}
		// The backup that answered is now preferred: the next read goes straight to it.
		before := backupHits.Load()
		if _, err := c.ChainID(ctx); err != nil || backupHits.Load() != before+1 {
			t.Fatalf("preferred URL not kept: %v", err)
		}
	})
	t.Run("submit is not resent after a timeout", func(t *testing.T) {
		c, _ := NewClient([]string{slow.URL, backup.URL}, WithTimeout(100*time.Millisecond))
		before := backupHits.Load()
		if _, err := c.Submit(ctx, map[string]any{}); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("err = %v", err)
		}
		if backupHits.Load() != before {
			t.Fatal("submit was sent to the backup after the primary may have received it")
		}
	})
	t.Run("primary answers 5xx", func(t *testing.T) {
		c, _ := NewClient([]string{failing.URL, backup.URL}, WithRetries(0, 0))
		if id, err := c.ChainID(ctx); err != nil || id != 8 {
			t.Fatalf("id %d err %v", id, err)
		}
	})
	t.Run("all down", func(t *testing.T) {
		c, _ := NewClient([]string{refusedURL(t), refusedURL(t)}, WithRetries(1, time.Millisecond))
		if _, err := c.ChainID(ctx); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestWaitForTransaction(t *testing.T) {
	var polls atomic.Int32
	srv := fixtureNode(t, map[string]func(http.ResponseWriter, *http.Request){
		"GET /rpc/v1/transactions/0xdone": func(w http.ResponseWriter, r *http.Request) {
			switch polls.Add(1) {
			case 1:
				reply(200, "null")(w, r)
			case 2:
				reply(200, `{"hash":"0xdone","status":"Unexecuted","output":null,"block_header":null}`)(w, r)
			default:
				reply(200, fixtureTx)(w, r)
			}
		},
		"GET /rpc/v1/transactions/0xstuck": reply(200, `{"hash":"0xstuck","status":"Unexecuted"}`),
	})
	c, _ := NewClient([]string{srv.URL})
	tx, st, err := c.WaitForTransaction(context.Background(), "0xdone")
	if err != nil || st != TxSuccess || tx == nil || polls.Load() != 3 {
		t.Fatalf("st %s err %v polls %d", st, err, polls.Load())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	tx, st, err = c.WaitForTransaction(ctx, "0xstuck")
	if err != nil || st != TxPending || tx == nil {
		t.Fatalf("stuck: st %s err %v", st, err)
	}
}

// Every call that expects a value refuses an empty or malformed 2xx body with
// ErrInvalidResponse (a proxy can send an empty 200): never a zero chain id, an empty
// hash, a height-0 head or "transaction unknown".
func TestEmptyOrMalformedAnswerIsAnError(t *testing.T) {
	ctx := context.Background()
	addr := MustParseAddress("0x85e8")
	calls := map[string]func(c *Client) (any, error){
		"chain id":     func(c *Client) (any, error) { return c.ChainID(ctx) },
		"gas price":    func(c *Client) (any, error) { return c.GasPrice(ctx) },
		"account":      func(c *Client) (any, error) { return c.Account(ctx, addr) },
		"resources":    func(c *Client) (any, error) { return c.Resources(ctx, addr, 0, "") },
		"resource":     func(c *Client) (any, error) { return c.Resource(ctx, addr, "0x1::x::Y") },
		"transaction":  func(c *Client) (any, error) { return c.Transaction(ctx, "0xaa") },
		"account txs":  func(c *Client) (any, error) { return c.AccountTransactions(ctx, addr, 0, 0) },
		"coin txs":     func(c *Client) (any, error) { return c.CoinTransactions(ctx, addr, 0, 0) },
		"module":       func(c *Client) (any, error) { return c.Module(ctx, addr, "m") },
		"view":         func(c *Client) (any, error) { return c.View(ctx, "0x1::coin::balance", nil, nil) },
		"table item":   func(c *Client) (any, error) { return c.TableItem(ctx, "0x1", "u64", "u64", "1") },
		"submit":       func(c *Client) (any, error) { return c.Submit(ctx, map[string]any{}) },
		"simulate":     func(c *Client) (any, error) { return c.Simulate(ctx, map[string]any{}) },
		"faucet":       func(c *Client) (any, error) { return c.Faucet(ctx, addr) },
		"latest block": func(c *Client) (any, error) { return c.LatestBlock(ctx) },
		"block":        func(c *Client) (any, error) { return c.BlockByHeight(ctx, 7, true) },
		"events":       func(c *Client) (any, error) { return c.Events(ctx, "0x1::coin::CoinDeposit", 0, 10) },
		"events range": func(c *Client) (any, error) { return c.EventsRange(ctx, "0x1::coin::CoinDeposit", 0, 1000, 100, "") },
	}
	bodies := map[string]string{"empty": "", "blank": " \n", "truncated": `{"result":[`, "html": "<html>bad gateway</html>"}
	for bodyName, body := range bodies {
		srv := fixtureNode(t, map[string]func(http.ResponseWriter, *http.Request){"": reply(200, body)})
		c, _ := NewClient([]string{srv.URL}, WithRetries(0, 0))
		for name, call := range calls {
			t.Run(bodyName+"/"+name, func(t *testing.T) {
				got, err := call(c)
				if !errors.Is(err, ErrInvalidResponse) {
					t.Fatalf("got %+v, err %v; want ErrInvalidResponse", got, err)
				}
			})
		}
	}
	// Well-formed JSON that is no answer: a head without a hash (it would read as a chain
	// at block 0), another block than asked, a submit without a hash.
	shapes := []struct {
		name, path, body string
		call             func(c *Client) (any, error)
	}{
		{"head without hash", "GET /rpc/v1/block", `{}`, calls["latest block"]},
		{"other block", "GET /rpc/v1/block/height/", `{"header":{"hash":"0xbb","height":3}}`, calls["block"]},
		{"submit empty hash", "POST /rpc/v1/transactions/submit", `""`, calls["submit"]},
		{"transaction without hash", "GET /rpc/v1/transactions/", `{"status":"Success"}`, calls["transaction"]},
	}
	for _, tt := range shapes {
		t.Run(tt.name, func(t *testing.T) {
			srv := fixtureNode(t, map[string]func(http.ResponseWriter, *http.Request){tt.path: reply(200, tt.body)})
			c, _ := NewClient([]string{srv.URL}, WithRetries(0, 0))
			if got, err := tt.call(c); !errors.Is(err, ErrInvalidResponse) {
				t.Fatalf("got %+v, err %v; want ErrInvalidResponse", got, err)
			}
		})
	}
}

// A read that gets an empty answer is retried (within its budget) and returns the value
// of the next good answer; a submit that gets one is reported and never sent again.
func TestEmptyAnswerRetriedForReadsOnly(t *testing.T) {
	var reads, submits atomic.Int32
	srv := fixtureNode(t, map[string]func(http.ResponseWriter, *http.Request){
		"GET /rpc/v1/transactions/chain_id": func(w http.ResponseWriter, r *http.Request) {
			if reads.Add(1) == 1 {
				reply(200, "")(w, r)
				return
			}
			reply(200, "8")(w, r)
		},
		"POST /rpc/v1/transactions/submit": func(w http.ResponseWriter, r *http.Request) { submits.Add(1); reply(200, "")(w, r) },
	})
	c, _ := NewClient([]string{srv.URL}, WithRetries(2, time.Millisecond))
	if id, err := c.ChainID(context.Background()); err != nil || id != 8 || reads.Load() != 2 {
		t.Fatalf("id %d err %v after %d reads", id, err, reads.Load())
	}
	if _, err := c.Submit(context.Background(), map[string]any{}); !errors.Is(err, ErrInvalidResponse) || submits.Load() != 1 {
		t.Fatalf("submit: err %v after %d sends", err, submits.Load())
	}
}

// A hung node costs a call its budget, retries included, and then a timeout error that
// says so (context.DeadlineExceeded, so the API answers 504), never more.
func TestHungNodeEndsWithinBudget(t *testing.T) {
	hang := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-hang:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(slow.Close)
	t.Cleanup(func() { close(hang) })
	c, _ := NewClient([]string{slow.URL}, WithTimeout(100*time.Millisecond), WithBudget(250*time.Millisecond), WithRetries(5, 10*time.Millisecond))
	start := time.Now()
	_, err := c.ChainID(context.Background())
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want a timeout", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("call took %v with a 250 ms budget", d)
	}
}

// TestPerNodeBudget: however many reads run at once, a node never has more than the
// client's per-node budget in flight; a read waiting for a slot gives up at its deadline.
func TestPerNodeBudget(t *testing.T) {
	var inFlight, most atomic.Int32
	release := make(chan struct{})
	srv := fixtureNode(t, map[string]func(w http.ResponseWriter, r *http.Request){
		"GET /rpc/v1/transactions/chain_id": func(w http.ResponseWriter, r *http.Request) {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			<-release
			fmt.Fprint(w, "8")
		},
	})
	var once sync.Once
	unblock := func() { once.Do(func() { close(release) }) }
	defer func() { unblock(); srv.Close() }() // a failed check must not leave the server blocked
	c, err := NewClient([]string{srv.URL}, WithPerNode(5), WithRetries(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 40)
	for range 40 {
		go func() { _, err := c.ChainID(context.Background()); errs <- err }()
	}
	// Every slot fills, and no more.
	deadline := time.Now().Add(5 * time.Second)
	for inFlight.Load() < 5 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	if got := inFlight.Load(); got != 5 {
		t.Fatalf("in flight with every slot taken: %d, want 5", got)
	}
	// A read that finds no slot before its deadline ends with the deadline.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if _, err := c.ChainID(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("waiting for a slot past the deadline: %v, want context.DeadlineExceeded", err)
	}
	unblock()
	for range 40 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if m := most.Load(); m != 5 {
		t.Fatalf("most in flight: %d, want 5", m)
	}
}

// fixtureEventsV3 is a v3 events page as the node's own snapshot test shows it.
const fixtureEventsV3 = `{"data":[{"event":{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0","type":"0x1::coin::CoinDeposit",
"data":{"account":"0x85e8","amount":"50000000","coin_type":"0x1::supra_coin::SupraCoin"}},"block_height":24,"transaction_hash":"0xaa"}]}`

// The v3 events query sends the range, the capped limit and the cursor, and returns the
// page with the next cursor from the header, under either spelling the node's docs use.
func TestEventsRange(t *testing.T) {
	for _, header := range []string{"x-supra-cursor", "X_SUPRA_CURSOR"} {
		t.Run(header, func(t *testing.T) {
			var got string
			srv := fixtureNode(t, map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v3/events/": func(w http.ResponseWriter, r *http.Request) {
				got = r.URL.RawQuery
				w.Header()[header] = []string{"2357d5"}
				reply(200, fixtureEventsV3)(w, r)
			}})
			c, _ := NewClient([]string{srv.URL}, WithRetries(0, 0))
			p, err := c.EventsRange(context.Background(), "0x1::coin::CoinDeposit", 10, 5000, 500, "00ff")
			if err != nil {
				t.Fatal(err)
			}
			if got != "end_height=5000&limit=100&start=00ff&start_height=10" {
				t.Errorf("query %q", got)
			}
			if len(p.Events) != 1 || p.Cursor != "2357d5" || p.Events[0].BlockHeight != 24 || p.Events[0].TransactionHash != "0xaa" ||
				p.Events[0].Event.Type != "0x1::coin::CoinDeposit" {
				t.Fatalf("page %+v", p)
			}
		})
	}
}

// A node without the v3 query (404) says so with ErrNoEventsRange, so the caller can use
// the v1 query; an empty range is refused before asking.
func TestEventsRangeAbsent(t *testing.T) {
	srv := fixtureNode(t, map[string]func(http.ResponseWriter, *http.Request){
		"GET /rpc/v3/": reply(404, `{"message":"Invalid URL, Path Not Found","error_code":"web_framework_error"}`)})
	c, _ := NewClient([]string{srv.URL}, WithRetries(0, 0))
	if _, err := c.EventsRange(context.Background(), "0x1::coin::CoinDeposit", 0, 10, 100, ""); !errors.Is(err, ErrNoEventsRange) {
		t.Fatalf("err = %v, want ErrNoEventsRange", err)
	}
	if _, err := c.EventsRange(context.Background(), "0x1::coin::CoinDeposit", 10, 10, 100, ""); !errors.Is(err, ErrInvalidRange) {
		t.Fatalf("err = %v, want ErrInvalidRange", err)
	}
}

// A 429 or 503 carries the node's Retry-After, and a read is not retried sooner.
func TestRetryAfter(t *testing.T) {
	var calls atomic.Int32
	var first, second time.Time
	srv := fixtureNode(t, map[string]func(http.ResponseWriter, *http.Request){"GET /rpc/v1/": func(w http.ResponseWriter, r *http.Request) {
		switch calls.Add(1) {
		case 1:
			first = time.Now()
			w.Header().Set("Retry-After", "1")
			reply(503, "busy")(w, r)
		default:
			second = time.Now()
			w.Header().Set("Retry-After", "2")
			reply(429, `{"message":"slow down","error_code":"rate_limited"}`)(w, r)
		}
	}})
	c, _ := NewClient([]string{srv.URL}, WithRetries(1, time.Millisecond), WithTimeout(5*time.Second))
	_, err := c.ChainID(context.Background())
	var ne *NodeError
	if !errors.As(err, &ne) || ne.Status != 429 || ne.RetryAfter != 2*time.Second {
		t.Fatalf("err = %#v, want a 429 with Retry-After 2 s", err)
	}
	if d := second.Sub(first); d < time.Second {
		t.Fatalf("retried after %s, the node asked for 1 s", d)
	}
}
