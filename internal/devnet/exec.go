package devnet

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// RejectError is a transaction the node refuses before execution (prologue / mempool
// validation). Nothing is recorded and the state is unchanged. VMStatus is the Move VM
// status name ("SEQUENCE_NUMBER_TOO_OLD"); ErrorCode is the node's error code ("sequence_number_too_old").
type RejectError struct {
	VMStatus  string
	ErrorCode string
	Detail    string
}

func (e *RejectError) Error() string {
	msg := "Invalid transaction: " + e.VMStatus
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

// ErrRejected matches every *RejectError with errors.Is.
var ErrRejected = errors.New("devnet: transaction rejected")

// Is makes errors.Is(err, ErrRejected) true.
func (e *RejectError) Is(target error) bool { return target == ErrRejected }

func reject(status, detail string) *RejectError {
	code := "vm_error"
	if status == "SEQUENCE_NUMBER_TOO_OLD" {
		code = "sequence_number_too_old"
	}
	return &RejectError{VMStatus: status, ErrorCode: code, Detail: detail}
}

// Max gas unit price accepted (Aptos' max_price_per_gas_unit is 10^10).
const maxGasUnitPrice = 10_000_000_000

// Submit validates and executes a signed transaction and returns its hash. A rejected
// transaction returns a *RejectError and changes nothing; a transaction that executes
// and fails (abort, out of gas) is recorded with status Fail and charged gas.
func (n *Node) Submit(tx *supra.SignedTransaction) ([32]byte, error) {
	hash, err := tx.Hash()
	if err != nil {
		return hash, fmt.Errorf("%w: %v", supra.ErrInvalidTransaction, err)
	}
	if n.pastSigs != nil {
		n.pastSigs.check(tx, hash)
	} else if !tx.Verify() {
		return hash, reject("INVALID_SIGNATURE", "")
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return hash, ErrClosed
	}
	// A replay also fails its sequence number below; this check names the reason. An
	// index that cannot be read leaves it to that check.
	if _, dup, err := n.ch.txs.find(hash); err != nil {
		n.log.Error("devnet: looking for a replay", "err", err)
	} else if dup {
		return hash, reject("SEQUENCE_NUMBER_TOO_OLD", "transaction already submitted")
	}
	rec, ov, err := n.execute(n.ch, tx, hash)
	if err != nil {
		return hash, err
	}
	ov.commit()
	n.record(n.ch, rec)
	return hash, nil
}

// Simulate executes tx without committing anything and without checking the signature
// (the SDK zeroes it), returning the would-be transaction info.
func (n *Node) Simulate(tx *supra.SignedTransaction) (supra.TransactionInfo, error) {
	hash, err := tx.Hash()
	if err != nil {
		return supra.TransactionInfo{}, fmt.Errorf("%w: %v", supra.ErrInvalidTransaction, err)
	}
	n.mu.RLock()
	defer n.mu.RUnlock()
	rec, _, err := n.execute(n.ch, tx, hash)
	if err != nil {
		return supra.TransactionInfo{}, err
	}
	ti := rec.Info
	ti.Output = &rec.Output
	ti.Status = rec.Status
	return ti, nil
}

// validate runs the prologue checks against the current state.
func (n *Node) validate(c *ledger, tx *supra.SignedTransaction) error {
	r := &tx.Raw
	if r.ChainID != ChainID {
		return reject("BAD_CHAIN_ID", fmt.Sprintf("chain id %d, devnet is %d", r.ChainID, ChainID))
	}
	acct, ok := c.st.accounts[r.Sender]
	if !ok {
		return reject("SENDING_ACCOUNT_DOES_NOT_EXIST", r.Sender.String())
	}
	if supra.AddressFromPublicKey(tx.Auth.PublicKey[:]) != acct.AuthKey {
		return reject("INVALID_AUTH_KEY", "")
	}
	switch {
	case r.SequenceNumber < acct.SequenceNumber:
		return reject("SEQUENCE_NUMBER_TOO_OLD", fmt.Sprintf("got %d, expected %d", r.SequenceNumber, acct.SequenceNumber))
	case r.SequenceNumber > acct.SequenceNumber:
		return reject("SEQUENCE_NUMBER_TOO_NEW", fmt.Sprintf("got %d, expected %d", r.SequenceNumber, acct.SequenceNumber))
	}
	now := c.blockTime()
	if r.ExpirationTimestampSecs <= uint64(now.Unix()) {
		return reject("TRANSACTION_EXPIRED", fmt.Sprintf("expired at %d, block time %d", r.ExpirationTimestampSecs, now.Unix()))
	}
	// The node advertises its limit at /rpc/v1/transactions/parameters and, like a real
	// node's backlog, refuses a transaction that would wait longer than that. A real node
	// measures it against its system clock; the devnet's chain clock can run ahead of the
	// machine's (time travel) or stand still (a test's fixed clock), so the later of the
	// two is the reference and a client building on either clock is served.
	ref := now
	if wall := time.Now(); wall.After(ref) {
		ref = wall
	}
	if limit := uint64(ref.Unix()) + maxTxTTLSeconds; r.ExpirationTimestampSecs > limit {
		return reject("TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE", fmt.Sprintf("expires at %d, the latest this node accepts is %d (now %d + max_transaction_time_to_live_seconds %d)",
			r.ExpirationTimestampSecs, limit, ref.Unix(), maxTxTTLSeconds))
	}
	if r.MaxGasAmount > MaxGasAmount {
		return reject("MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND", fmt.Sprintf("max %d", MaxGasAmount))
	}
	if r.MaxGasAmount < TxBaseGas {
		return reject("MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS", fmt.Sprintf("min %d", TxBaseGas))
	}
	if r.GasUnitPrice < n.opts.MinGasPrice {
		return reject("GAS_UNIT_PRICE_BELOW_MIN_BOUND", fmt.Sprintf("min %d", n.opts.MinGasPrice))
	}
	if r.GasUnitPrice > maxGasUnitPrice {
		return reject("GAS_UNIT_PRICE_ABOVE_MAX_BOUND", fmt.Sprintf("max %d", uint64(maxGasUnitPrice)))
	}
	hi, lo := mul64(r.MaxGasAmount, r.GasUnitPrice)
	if hi != 0 || c.st.coins[coinKey{r.Sender, supra.SupraCoinType}] < lo {
		return reject("INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE", "")
	}
	return nil
}

func mul64(a, b uint64) (hi, lo uint64) {
	x := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
	if x.BitLen() > 64 {
		return 1, 0
	}
	return 0, x.Uint64()
}

// execute validates and runs tx on an overlay of c's state. It returns the record and the
// overlay to commit; it never writes c.
func (n *Node) execute(c *ledger, tx *supra.SignedTransaction, hash [32]byte) (*txRecord, *overlay, error) {
	if err := n.validate(c, tx); err != nil {
		return nil, nil, err
	}
	r := &tx.Raw
	p := &r.Payload
	ex := n.newExec(c, r.Sender, p.Module, r.MaxGasAmount)
	ex.txHash = hash
	fn, runErr := n.resolveEntry(p)
	if runErr == nil {
		runErr = ex.ChargeGas(TxBaseGas)
	}
	if runErr == nil {
		call := EntryCall{Function: p.Function, TypeArgs: p.TypeArgs, RawArgs: p.Args}
		m := n.modules[p.Module]
		runErr = safeCall(func() error { return m.Execute(ex, call) })
	}
	gasUsed := ex.gasUsed
	events := ex.events
	ov := ex.ov
	if runErr == nil {
		// Epilogue: charge the fee from the post-execution balance.
		if err := chargeFee(ov, r.Sender, gasUsed*r.GasUnitPrice); err != nil {
			runErr = err
		}
	}
	status, vmStatus := supra.StatusSuccess, supra.VMStatusSuccess
	if runErr != nil {
		status, vmStatus = supra.StatusFail, n.vmStatus(p.Module, runErr)
		if errors.Is(runErr, errOutOfGas) || gasUsed > r.MaxGasAmount {
			gasUsed = r.MaxGasAmount
		}
		events = nil
		ov = newOverlay(c.st)
		// validate guaranteed max_gas*price <= balance, and gasUsed <= max_gas.
		if err := chargeFee(ov, r.Sender, gasUsed*r.GasUnitPrice); err != nil {
			return nil, nil, fmt.Errorf("devnet: fee after failure: %w", err)
		}
	}
	acct, _ := ov.account(r.Sender)
	acct.SequenceNumber++
	ov.setAccount(r.Sender, acct)
	events = append(events, feeStatement(gasUsed))

	rec := &txRecord{Hash: hash, Sender: r.Sender, Seq: r.SequenceNumber, Status: status}
	rec.Output = supra.TxOutput{Move: supra.MoveOutput{GasUsed: gasUsed, Events: events, VMStatus: vmStatus}}
	rec.Info = supra.TransactionInfo{
		Authenticator: supra.TxAuthenticatorInfo{Move: map[string]supra.Ed25519AuthJSON{"Ed25519": {
			PublicKey: append(supra.HexBytes(nil), tx.Auth.PublicKey[:]...),
			Signature: append(supra.HexBytes(nil), tx.Auth.Signature[:]...),
		}}},
		Hash: supra.EncodeHex(hash[:]),
		Header: supra.TxHeader{
			ChainID:             r.ChainID,
			ExpirationTimestamp: supra.NewTimestamp(unixSeconds(r.ExpirationTimestampSecs)),
			Sender:              supra.SenderInfo{Move: r.Sender.String()},
			SequenceNumber:      r.SequenceNumber,
			GasUnitPrice:        r.GasUnitPrice,
			MaxGasAmount:        r.MaxGasAmount,
		},
		Payload: supra.TxPayloadInfo{Move: renderPayload(p, fn)},
	}
	return rec, ov, nil
}

// record appends an executed transaction to the open block (sealing it at once in
// per-transaction mode) and indexes it.
func (n *Node) record(c *ledger, rec *txRecord) {
	b := c.openBlock()
	rec.Height = b.Height
	rec.Pending = true
	rec.listed, rec.coins = true, coinAccounts(rec, c.st)
	b.Txs = append(b.Txs, c.txs.len())
	c.txs.add(rec)
	if n.opts.BlockTime == 0 || n.writingPast {
		c.seal(n.now)
	}
	n.log.Debug("devnet: tx", "hash", rec.Info.Hash, "status", rec.Status, "vm_status", rec.Output.Move.VMStatus, "gas", rec.Output.Move.GasUsed)
}

func chargeFee(ov *overlay, sender supra.Address, fee uint64) error {
	k := coinKey{sender, supra.SupraCoinType}
	bal, _ := ov.coin(k)
	if bal < fee {
		return &AbortError{Module: supra.ModuleID{Address: supra.FrameworkAddress, Name: "transaction_validation"},
			Code: 0x10006, Name: "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE"}
	}
	ov.setCoin(k, bal-fee)
	ov.gas += fee
	return nil
}

type feeStatementData struct {
	ExecutionGasUnits      supra.U64 `json:"execution_gas_units"`
	IOGasUnits             supra.U64 `json:"io_gas_units"`
	StorageFeeQuants       supra.U64 `json:"storage_fee_quants"`
	StorageFeeRefundQuants supra.U64 `json:"storage_fee_refund_quants"`
	TotalChargeGasUnits    supra.U64 `json:"total_charge_gas_units"`
}

func feeStatement(gas uint64) supra.Event {
	io := min(gas, 5)
	raw, _ := json.Marshal(feeStatementData{ExecutionGasUnits: supra.U64(gas - io), IOGasUnits: supra.U64(io), TotalChargeGasUnits: supra.U64(gas)})
	return supra.Event{GUID: supra.EventGUID{AccountAddress: "0x0"}, Type: "0x1::transaction_fee::FeeStatement", Data: raw}
}

// resolveEntry finds the entry function and checks arity; failures are VM errors (the
// transaction is kept as failed, like the real VM's resolution errors).
func (n *Node) resolveEntry(p *supra.EntryFunction) (*Function, error) {
	m, ok := n.modules[p.Module]
	if !ok {
		return nil, vmError("LINKER_ERROR")
	}
	fn := findFunction(m.ABI(), p.Function)
	if fn == nil || !fn.IsEntry {
		return nil, vmError("FUNCTION_RESOLUTION_FAILURE")
	}
	if len(p.TypeArgs) != fn.GenericTypeParams {
		return fn, vmError("NUMBER_OF_TYPE_ARGUMENTS_MISMATCH")
	}
	if len(p.Args) != fn.argCount() {
		return fn, vmError("NUMBER_OF_ARGUMENTS_MISMATCH")
	}
	return fn, nil
}

func findFunction(abi ABI, name string) *Function {
	for i := range abi.Functions {
		if abi.Functions[i].Name == name {
			return &abi.Functions[i]
		}
	}
	return nil
}

type vmError string

func (e vmError) Error() string { return string(e) }

// vmStatus renders a failure the way the node's vm_status does.
func (n *Node) vmStatus(mod supra.ModuleID, err error) string {
	var ab *AbortError
	var ve vmError
	switch {
	case errors.As(err, &ab):
		if ab.Module == (supra.ModuleID{}) {
			ab.Module = mod
		}
		return ab.Error()
	case errors.As(err, &ve):
		return string(ve)
	case errors.Is(err, errOutOfGas):
		return "Out of gas"
	case errors.Is(err, ErrBadArgument):
		return "FAILED_TO_DESERIALIZE_ARGUMENT"
	}
	n.log.Warn("devnet: module error", "module", mod.String(), "err", err)
	return "UNKNOWN_INVARIANT_VIOLATION_ERROR: " + err.Error()
}

// renderPayload decodes the entry call for display, argument types taken from the ABI.
func renderPayload(p *supra.EntryFunction, fn *Function) supra.EntryFunctionPayloadInfo {
	tys := make([]string, len(p.TypeArgs))
	for i, t := range p.TypeArgs {
		tys[i] = t.String()
	}
	var params []string
	if fn != nil {
		for _, t := range fn.Params {
			if t != "&signer" && t != "signer" {
				params = append(params, t)
			}
		}
	}
	args := make([]any, len(p.Args))
	for i, a := range p.Args {
		typ := ""
		if i < len(params) {
			typ = params[i]
		}
		args[i] = renderArg(typ, a)
	}
	return supra.EntryFunctionPayloadInfo{
		Type:          "entry_function_payload",
		Function:      supra.FunctionID{Module: p.Module, Name: p.Function}.String(),
		TypeArguments: tys,
		Arguments:     args,
	}
}

// renderArg renders one BCS argument in the node's JSON encoding.
func renderArg(typ string, b []byte) any {
	le := func() *big.Int {
		r := make([]byte, len(b))
		for i := range b {
			r[len(b)-1-i] = b[i]
		}
		return new(big.Int).SetBytes(r)
	}
	switch {
	case typ == "u8" && len(b) == 1:
		return b[0]
	case typ == "u16" && len(b) == 2:
		return binary.LittleEndian.Uint16(b)
	case typ == "u32" && len(b) == 4:
		return binary.LittleEndian.Uint32(b)
	case typ == "u64" && len(b) == 8, typ == "u128" && len(b) == 16, typ == "u256" && len(b) == 32:
		return le().String()
	case typ == "bool" && len(b) == 1 && b[0] <= 1:
		return b[0] == 1
	case typ == "address" && len(b) == 32:
		var a supra.Address
		copy(a[:], b)
		return a.String()
	case strings.HasPrefix(typ, "0x1::object::Object<") && len(b) == 32:
		// An object is the struct {inner: address}.
		var a supra.Address
		copy(a[:], b)
		return map[string]any{"inner": a.String()}
	case typ == "vector<u8>" || strings.HasSuffix(typ, "::string::String"):
		a := &Args{raw: [][]byte{b}}
		v := a.Bytes()
		if a.Err() == nil {
			if typ != "vector<u8>" {
				return string(v)
			}
			return supra.EncodeHex(v)
		}
	}
	return supra.EncodeHex(b)
}

func unixSeconds(s uint64) (t timeT) {
	if s > math.MaxInt64/1_000_000 {
		s = math.MaxInt64 / 1_000_000
	}
	return timeUnix(int64(s))
}
