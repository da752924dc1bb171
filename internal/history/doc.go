// Package history holds the trading and holding rules of the event history, as pure
// functions over plain values: which swap is a buy or a sell, what it cost in SUPRA and in
// dollars at the moment it happened, how a pool's reserves move, how trades fill candles,
// who holds LUCKY, what was burned, and the 24 hour figures. It reads no database, no
// network and no clock: the indexer hands it the state a batch touches and persists what
// it returns, and every screen and bot reads the trades it decided, so they agree.
//
// Amounts are integers in base units. Prices are float64 only where they are displayed
// ratios (SUPRA per whole token, dollars per whole token), never amounts. The rules in
// product terms are listed in docs/product.md under "Event history and market figures".
package history
