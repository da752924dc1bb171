package devnet

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// Framework abort codes (Aptos framework values: category << 16 | reason).
const (
	codeInsufficientBalance = 0x10006 // coin::EINSUFFICIENT_BALANCE
	codeCoinStoreNotFound   = 0x60005 // coin::ECOIN_STORE_NOT_PUBLISHED
	codeCoinInfoNotFound    = 0x60002 // coin::ECOIN_INFO_NOT_PUBLISHED
	codeCoinInfoExists      = 0x80002 // coin::ECOIN_INFO_ALREADY_PUBLISHED
	codeSupplyOverflow      = 0x2000f // coin::ECOIN_SUPPLY_UPGRADE_NOT_SUPPORTED-ish: mint overflow
)

// Gas schedule, in gas units. Deterministic and small: a SUPRA transfer to an existing
// account uses TxBaseGas (9, fits the SDK's maxGas 10), one that creates the recipient
// adds AccountCreationGas (1009, fits the SDK's 1020).
const (
	TxBaseGas              = 9
	AccountCreationGas     = 1000
	CoinStoreCreationGas   = 50
	ResourceCreationGas    = 50
	MaxGasAmount           = 2_000_000 // Aptos maximum_number_of_gas_units
	DefaultMinGasPrice     = 100
	DefaultGasUnitEstimate = 100
)

var errOutOfGas = errors.New("devnet: out of gas")

// Exec is what a module sees while it runs: the sender, the transaction, block time, and
// the state through a per-transaction overlay. An Exec is only valid during the call it was
// passed to and is not safe for concurrent use.
// Ctx is the old name of Exec.
//
// Deprecated: use Exec; the alias keeps code written against Ctx compiling.
type Ctx = Exec

type Exec struct {
	node     *Node
	ov       *overlay
	sender   supra.Address
	module   supra.ModuleID
	txHash   [32]byte
	now      time.Time
	height   uint64
	events   []supra.Event
	gasUsed  uint64
	gasLimit uint64 // 0 = unlimited (genesis, admin, views)
	readOnly bool
}

// Sender is the transaction sender (the module's own address in Genesis; zero in views).
func (c *Exec) Sender() supra.Address { return c.sender }

// Module is the module currently running.
func (c *Exec) Module() supra.ModuleID { return c.module }

// TxHash is the hash of the running transaction (zero in genesis, views and admin calls).
func (c *Exec) TxHash() [32]byte { return c.txHash }

// MinimalEvents reports whether events carry only the fields the product documents or
// published sources name (Options.MinimalEvents): modules leave out the rest.
func (c *Exec) MinimalEvents() bool { return c.node.opts.MinimalEvents }

// Now is the block timestamp the transaction executes at (includes /devnet time advances).
func (c *Exec) Now() time.Time { return c.now }

// BlockHeight is the height of the block the transaction goes into.
func (c *Exec) BlockHeight() uint64 { return c.height }

// Seed is the devnet seed string (Options.Seed), for deterministic pseudo-randomness.
func (c *Exec) Seed() string { return c.node.seed }

// DevAccounts returns the dev account addresses in index order (for genesis funding).
func (c *Exec) DevAccounts() []supra.Address {
	out := make([]supra.Address, len(c.node.dev))
	for i, d := range c.node.dev {
		out[i] = d.Address
	}
	return out
}

// ChargeGas adds units to the transaction's gas; exceeding max_gas_amount fails the
// transaction with OUT_OF_GAS.
func (c *Exec) ChargeGas(units uint64) error {
	c.gasUsed += units
	if c.gasLimit > 0 && c.gasUsed > c.gasLimit {
		return errOutOfGas
	}
	return nil
}

// Abort returns a Move abort of the current module.
func (c *Exec) Abort(code uint64, name string) error {
	return &AbortError{Module: c.module, Code: code, Name: name}
}

// AbortWithReason is Abort with the human description the node appends.
func (c *Exec) AbortWithReason(code uint64, name, description string) error {
	return &AbortError{Module: c.module, Code: code, Name: name, Description: description}
}

func (c *Exec) frameworkAbort(module string, code uint64, name, desc string) error {
	return &AbortError{Module: supra.ModuleID{Address: supra.FrameworkAddress, Name: module}, Code: code, Name: name, Description: desc}
}

// Emit records a module event of the given type string ("0x…::slots_v3::PlayEvent") with
// data marshalled to JSON now (use supra.U64 for u64 fields). Like Move #[event] events
// its guid is {creation_number:"0", account_address:"0x0"} and its sequence number "0".
func (c *Exec) Emit(eventType string, data any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("devnet: event %s: %w", eventType, err)
	}
	c.events = append(c.events, supra.Event{
		GUID:           supra.EventGUID{CreationNumber: 0, AccountAddress: "0x0"},
		SequenceNumber: 0,
		Type:           eventType,
		Data:           raw,
	})
	return nil
}

// AccountExists reports whether addr has a 0x1::account::Account.
func (c *Exec) AccountExists(addr supra.Address) bool {
	_, ok := c.ov.account(addr)
	return ok
}

// CreateAccount creates addr (auth key = address, as for a fresh key) with a SUPRA coin
// store, charging AccountCreationGas. It is a no-op when the account exists.
func (c *Exec) CreateAccount(addr supra.Address) error {
	if c.AccountExists(addr) {
		return nil
	}
	if err := c.ChargeGas(AccountCreationGas); err != nil {
		return err
	}
	c.ov.setAccount(addr, accountState{AuthKey: addr})
	k := coinKey{addr, supra.SupraCoinType}
	if _, ok := c.ov.coin(k); !ok {
		c.ov.setCoin(k, 0)
	}
	return nil
}

// canonicalCoin returns the canonical form of a coin type string: the fast path is a coin
// that is registered under exactly this string.
func (c *Exec) canonicalCoin(coinType string) (string, error) {
	if _, ok := c.ov.coinInfo(coinType); ok {
		return coinType, nil
	}
	n, err := supra.NormalizeTypeString(coinType)
	if err != nil {
		return "", fmt.Errorf("%w: coin type: %v", ErrBadArgument, err)
	}
	return n, nil
}

// CoinInfo returns the CoinInfo of a coin type.
func (c *Exec) CoinInfo(coinType string) (CoinInfo, bool) {
	t, err := c.canonicalCoin(coinType)
	if err != nil {
		return CoinInfo{}, false
	}
	return c.ov.coinInfo(t)
}

// RegisterCoin publishes CoinInfo<T> (supply 0) at the coin type's address, creating that
// account if needed. Mint afterwards to create supply.
func (c *Exec) RegisterCoin(info CoinInfo) error {
	st, err := supra.ParseStructTag(info.CoinType)
	if err != nil {
		return fmt.Errorf("devnet: register coin: %w", err)
	}
	info.CoinType = supra.TypeTag{Kind: supra.KindStruct, Struct: &st}.String()
	if _, ok := c.ov.coinInfo(info.CoinType); ok {
		return c.frameworkAbort("coin", codeCoinInfoExists, "ECOIN_INFO_ALREADY_PUBLISHED", "")
	}
	info.Supply = 0
	if !c.AccountExists(st.Address) {
		c.ov.setAccount(st.Address, accountState{AuthKey: st.Address})
		c.ov.setCoin(coinKey{st.Address, supra.SupraCoinType}, 0)
	}
	c.ov.setCoinInfo(info)
	return nil
}

// IsRegistered reports whether addr has a CoinStore<coinType>.
func (c *Exec) IsRegistered(addr supra.Address, coinType string) bool {
	t, err := c.canonicalCoin(coinType)
	if err != nil {
		return false
	}
	if _, ok := c.ov.coin(coinKey{addr, t}); ok {
		return true
	}
	// coin::is_account_registered: a migrated primary store counts.
	return c.migratedStore(addr, t)
}

// RegisterCoinStore publishes CoinStore<coinType> at addr (coin::register), charging
// CoinStoreCreationGas when it is new. The coin must exist.
func (c *Exec) RegisterCoinStore(addr supra.Address, coinType string) error {
	t, err := c.canonicalCoin(coinType)
	if err != nil {
		return err
	}
	if _, ok := c.ov.coinInfo(t); !ok {
		return c.frameworkAbort("coin", codeCoinInfoNotFound, "ECOIN_INFO_NOT_PUBLISHED", "")
	}
	k := coinKey{addr, t}
	if c.IsRegistered(addr, t) {
		return nil
	}
	if err := c.ChargeGas(CoinStoreCreationGas); err != nil {
		return err
	}
	c.ov.setCoin(k, 0)
	return nil
}

// Balance returns addr's balance of coinType (0 when not registered): as coin::balance,
// its CoinStore and its primary fungible store of the paired asset together.
func (c *Exec) Balance(addr supra.Address, coinType string) uint64 {
	t, err := c.canonicalCoin(coinType)
	if err != nil {
		return 0
	}
	v, _ := c.ov.coin(coinKey{addr, t})
	fa, _ := c.ov.faStore(coinKey{addr, t})
	return v + fa // both are parts of the coin's u64 supply
}

type coinEvent struct {
	Account  supra.Address `json:"account"`
	Amount   supra.U64     `json:"amount"`
	CoinType string        `json:"coin_type"`
}

func (c *Exec) coinEvent(kind string, addr supra.Address, amount uint64, coinType string) {
	_ = c.Emit("0x1::coin::"+kind, coinEvent{Account: addr, Amount: supra.U64(amount), CoinType: coinType})
}

// Withdraw takes amount of coinType from addr (emitting 0x1::coin::CoinWithdraw). It
// aborts like the framework when the store is missing or the balance is too small.
func (c *Exec) Withdraw(addr supra.Address, coinType string, amount uint64) error {
	t, err := c.canonicalCoin(coinType)
	if err != nil {
		return err
	}
	k := coinKey{addr, t}
	bal, ok := c.ov.coin(k)
	_, hasStore := c.ov.faStore(k)
	if hasStore && (!ok || bal < amount) {
		// coin::withdraw takes what the CoinStore holds and the rest from the primary
		// fungible store.
		if bal > 0 {
			c.ov.setCoin(k, 0)
			c.coinEvent("CoinWithdraw", addr, bal, t)
		}
		return c.faWithdraw(addr, t, amount-bal)
	}
	if !ok {
		return c.frameworkAbort("coin", codeCoinStoreNotFound, "ECOIN_STORE_NOT_PUBLISHED", "Account hasn't registered `CoinStore` for `CoinType`")
	}
	if bal < amount {
		return c.frameworkAbort("coin", codeInsufficientBalance, "EINSUFFICIENT_BALANCE", "Not enough coins to complete transaction")
	}
	c.ov.setCoin(k, bal-amount)
	c.coinEvent("CoinWithdraw", addr, amount, t)
	return nil
}

// Deposit adds amount of coinType to addr (emitting 0x1::coin::CoinDeposit), registering
// the coin store first if needed (supra_account semantics). The amount must come from a
// Withdraw or Mint in the same transaction, or supply accounting breaks.
func (c *Exec) Deposit(addr supra.Address, coinType string, amount uint64) error {
	t, err := c.canonicalCoin(coinType)
	if err != nil {
		return err
	}
	k := coinKey{addr, t}
	if _, ok := c.ov.coin(k); !ok {
		if c.migratedStore(addr, t) {
			// coin::deposit to an account without a CoinStore whose migrated primary
			// store exists converts the coin and deposits it there.
			return c.faDeposit(addr, t, amount)
		}
	}
	if err := c.RegisterCoinStore(addr, t); err != nil {
		return err
	}
	bal, _ := c.ov.coin(k)
	if bal > math.MaxUint64-amount {
		return c.frameworkAbort("coin", codeSupplyOverflow, "ECOIN_SUPPLY_OVERFLOW", "balance overflow")
	}
	c.ov.setCoin(k, bal+amount)
	c.coinEvent("CoinDeposit", addr, amount, t)
	return nil
}

// Transfer moves amount from one account to another (Withdraw + Deposit).
func (c *Exec) Transfer(from, to supra.Address, coinType string, amount uint64) error {
	if err := c.Withdraw(from, coinType, amount); err != nil {
		return err
	}
	return c.Deposit(to, coinType, amount)
}

// Mint creates amount of coinType in addr, increasing supply.
func (c *Exec) Mint(addr supra.Address, coinType string, amount uint64) error {
	t, err := c.canonicalCoin(coinType)
	if err != nil {
		return err
	}
	info, ok := c.ov.coinInfo(t)
	if !ok {
		return c.frameworkAbort("coin", codeCoinInfoNotFound, "ECOIN_INFO_NOT_PUBLISHED", "")
	}
	if info.Supply > math.MaxUint64-amount {
		return c.frameworkAbort("coin", codeSupplyOverflow, "ECOIN_SUPPLY_OVERFLOW", "supply overflow")
	}
	info.Supply += amount
	c.ov.setCoinInfo(info)
	return c.Deposit(addr, t, amount)
}

// Burn destroys amount of coinType held by addr, decreasing supply.
func (c *Exec) Burn(addr supra.Address, coinType string, amount uint64) error {
	t, err := c.canonicalCoin(coinType)
	if err != nil {
		return err
	}
	if err := c.Withdraw(addr, t, amount); err != nil {
		return err
	}
	info, _ := c.ov.coinInfo(t)
	info.Supply -= amount
	c.ov.setCoinInfo(info)
	return nil
}

func (c *Exec) resKey(addr supra.Address, typ string) (resKey, error) {
	n, err := supra.NormalizeTypeString(typ)
	if err != nil {
		return resKey{}, fmt.Errorf("devnet: resource type: %w", err)
	}
	return resKey{addr, n}, nil
}

// Resource loads the resource of struct type typ at addr into v (JSON). It reports false
// (and leaves v alone) when there is none.
func (c *Exec) Resource(addr supra.Address, typ string, v any) (bool, error) {
	k, err := c.resKey(addr, typ)
	if err != nil {
		return false, err
	}
	r, ok := c.ov.resource(k)
	if !ok {
		return false, nil
	}
	raw, err := r.json()
	if err == nil {
		err = json.Unmarshal(raw, v)
	}
	if err != nil {
		return true, fmt.Errorf("devnet: decode resource %s at %s: %w", k.Type, addr, err)
	}
	return true, nil
}

// ResourceExists reports whether addr holds a resource of type typ.
func (c *Exec) ResourceExists(addr supra.Address, typ string) bool {
	k, err := c.resKey(addr, typ)
	if err != nil {
		return false
	}
	_, ok := c.ov.resource(k)
	return ok
}

// SetResource stores v (JSON-marshalled now) as the resource typ at addr, creating it
// (ResourceCreationGas) or replacing it. The JSON is what GET …/resources/{typ} serves.
func (c *Exec) SetResource(addr supra.Address, typ string, v any) error {
	if c.readOnly {
		return errors.New("devnet: SetResource in a read-only context")
	}
	k, err := c.resKey(addr, typ)
	if err != nil {
		return err
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("devnet: encode resource %s: %w", k.Type, err)
	}
	if _, ok := c.ov.resource(k); !ok {
		if err := c.ChargeGas(ResourceCreationGas); err != nil {
			return err
		}
	}
	c.ov.setResource(k, newStoredResource(raw))
	return nil
}

// SetSharedResource is SetResource for a state that SharedResource[T] reads: v becomes
// the decoded value of the version it stores, so the next reader shares it, and its JSON
// is encoded only if something reads that (see storedResource). For a module whose every
// transaction rewrites a state that is costly to encode and decode (the DEX's pools),
// that is most of the work. v is shared from then on like any value SharedResource
// returns: the caller must not modify it afterwards.
func SetSharedResource[T any](ex *Exec, addr supra.Address, typ string, v *T) error {
	if ex.readOnly {
		return errors.New("devnet: SetResource in a read-only context")
	}
	k, err := ex.resKey(addr, typ)
	if err != nil {
		return err
	}
	if _, ok := ex.ov.resource(k); !ok {
		if err := ex.ChargeGas(ResourceCreationGas); err != nil {
			return err
		}
	}
	ex.ov.setResource(k, storedValue(v))
	return nil
}

// DeleteResource removes the resource typ at addr (move_from); no-op when absent.
func (c *Exec) DeleteResource(addr supra.Address, typ string) error {
	k, err := c.resKey(addr, typ)
	if err != nil {
		return err
	}
	if _, ok := c.ov.resource(k); ok {
		c.ov.setResource(k, nil)
	}
	return nil
}
