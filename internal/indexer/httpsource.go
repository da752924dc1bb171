package indexer

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/luckycoin/lucky/internal/supra"
)

// HTTPSource reads a node's RPC v1 directly. It stands in for supra.Client's
// LatestBlock/BlockByHeight/Events until those land on main (the seams issue); then the
// client replaces it.
type HTTPSource struct {
	Base string // node URL, no trailing slash
	HTTP supra.HTTPDoer
}

func (s HTTPSource) get(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.Base+path, nil)
	if err != nil {
		return err
	}
	resp, err := s.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", supra.ErrUnavailable, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return fmt.Errorf("%w: %v", supra.ErrUnavailable, err)
	}
	if resp.StatusCode != http.StatusOK {
		var e supra.ErrorResponse
		_ = json.Unmarshal(body, &e)
		return &supra.NodeError{Status: resp.StatusCode, Code: e.ErrorCode, Message: e.Message}
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("GET %s: bad JSON: %w", path, err)
	}
	return nil
}

// LatestBlock is GET /rpc/v1/block.
func (s HTTPSource) LatestBlock(ctx context.Context) (supra.BlockHeader, error) {
	var h supra.BlockHeader
	err := s.get(ctx, "/rpc/v1/block", &h)
	return h, err
}

// BlockByHeight is GET /rpc/v1/block/height/{h}.
func (s HTTPSource) BlockByHeight(ctx context.Context, height uint64, withTxs bool) (supra.Block, error) {
	path := "/rpc/v1/block/height/" + strconv.FormatUint(height, 10)
	if withTxs {
		path += "?with_finalized_transactions=true"
	}
	var b supra.Block
	err := s.get(ctx, path, &b)
	return b, err
}

// Events is GET /rpc/v1/events/{type}?start=&end=.
func (s HTTPSource) Events(ctx context.Context, eventType string, start, end uint64) ([]supra.Event, error) {
	var r supra.EventsResponse
	err := s.get(ctx, "/rpc/v1/events/"+url.PathEscape(eventType)+"?start="+strconv.FormatUint(start, 10)+
		"&end="+strconv.FormatUint(end, 10), &r)
	return r.Data, err
}
