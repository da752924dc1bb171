package api

import (
	"context"
	"time"
)

type drainKey struct{}

// WithDrain marks a server's base context with a channel the server closes when it
// begins to shut down: long-polls then answer at once with what they have, so a restart
// never cuts a waiting client off mid-request.
func WithDrain(ctx context.Context, draining <-chan struct{}) context.Context {
	return context.WithValue(ctx, drainKey{}, draining)
}

// waitContext bounds a long-poll by d and by the server's shutdown.
func waitContext(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(parent, d)
	draining, _ := parent.Value(drainKey{}).(<-chan struct{})
	if draining == nil {
		return ctx, cancel
	}
	go func() {
		select {
		case <-draining:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}
