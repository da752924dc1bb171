package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strconv"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

// Transaction insight types.
const (
	InsightCoinTransfer           = "CoinTransfer"
	InsightEntryFunctionCall      = "EntryFunctionCall"
	InsightScriptCall             = "ScriptCall"
	InsightAutomationRegistration = "AutomationRegistration"
)

// ErrUnsupportedTx is the SDK's message for a payload type it does not know, word for word.
var ErrUnsupportedTx = errors.New("something went wrong, found unsupported type of transaction")

// TxDetail is the transaction detail the "Chain data" view shows. Integers travel as decimal
// strings; timestamps are microseconds since the Unix epoch. Fields that only exist once
// the transaction executed are null while it is pending.
type TxDetail struct {
	TxHash                string      `json:"txHash"`
	Sender                string      `json:"sender"`
	SequenceNumber        string      `json:"sequenceNumber"`
	MaxGasAmount          string      `json:"maxGasAmount"`
	GasUnitPrice          string      `json:"gasUnitPrice"`
	GasUsed               *string     `json:"gasUsed"`
	TransactionCost       *string     `json:"transactionCost"`
	TxExpirationTimestamp string      `json:"txExpirationTimestamp"`
	TxConfirmationTime    *string     `json:"txConfirmationTime"`
	Status                string      `json:"status"`
	VMStatus              *string     `json:"vmStatus"`
	Events                []EventJSON `json:"events"`
	BlockNumber           *string     `json:"blockNumber"`
	BlockHash             *string     `json:"blockHash"`
	TransactionInsights   Insights    `json:"transactionInsights"`
}

// EventJSON is one event: {type, data}.
type EventJSON struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// Insights is transactionInsights: what the transaction did to one account's coins.
type Insights struct {
	Type         string       `json:"type"`
	CoinReceiver string       `json:"coinReceiver"`
	CoinChange   []CoinChange `json:"coinChange"`
}

// CoinChange is a signed change of one coin, in base units.
type CoinChange struct {
	CoinType string `json:"coinType"`
	Amount   string `json:"amount"`
}

func strp(s string) *string { return &s }

// Detail maps a node transaction to the app's detail. Insights are computed for account
// (the sender when account is nil), as the SDK does for its user address; the
// fungible-asset events of the account's primary stores of coins count in its coin change
// like its coin events (an account migrated to fungible stores has no other).
func Detail(tx *supra.TransactionInfo, account *supra.Address, coins []supra.CoinType) (*TxDetail, error) {
	if tx == nil {
		return nil, fmt.Errorf("%w: no transaction", chain.ErrBadResponse)
	}
	d := &TxDetail{
		TxHash:                tx.Hash,
		Sender:                tx.Header.Sender.Move,
		SequenceNumber:        strconv.FormatUint(tx.Header.SequenceNumber, 10),
		MaxGasAmount:          strconv.FormatUint(tx.Header.MaxGasAmount, 10),
		GasUnitPrice:          strconv.FormatUint(tx.Header.GasUnitPrice, 10),
		TxExpirationTimestamp: strconv.FormatUint(tx.Header.ExpirationTimestamp.MicrosecondsSinceUnixEpoch, 10),
		Status:                supra.AppStatus(tx),
		Events:                []EventJSON{},
	}
	if a, err := supra.ParseAddress(d.Sender); err == nil {
		d.Sender = a.String()
	}
	var events []supra.Event
	if tx.Output != nil {
		mo := tx.Output.Move
		d.GasUsed = strp(strconv.FormatUint(mo.GasUsed, 10))
		cost := new(big.Int).Mul(new(big.Int).SetUint64(mo.GasUsed), new(big.Int).SetUint64(tx.Header.GasUnitPrice))
		d.TransactionCost = strp(cost.String())
		d.VMStatus = strp(mo.VMStatus)
		events = mo.Events
		for _, ev := range mo.Events {
			data := ev.Data
			if len(data) == 0 {
				data = json.RawMessage("null")
			}
			d.Events = append(d.Events, EventJSON{Type: ev.Type, Data: data})
		}
	}
	if bh := tx.BlockHeader; bh != nil {
		d.BlockNumber = strp(strconv.FormatUint(bh.Height, 10))
		d.BlockHash = strp(bh.Hash)
		d.TxConfirmationTime = strp(strconv.FormatUint(bh.Timestamp.MicrosecondsSinceUnixEpoch, 10))
	}
	who := account
	if who == nil {
		if a, err := supra.ParseAddress(tx.Header.Sender.Move); err == nil {
			who = &a
		}
	}
	ins, err := insights(tx, events, who, coins)
	if err != nil {
		return nil, err
	}
	d.TransactionInsights = ins
	return d, nil
}

func insights(tx *supra.TransactionInfo, events []supra.Event, who *supra.Address, coins []supra.CoinType) (Insights, error) {
	p := tx.Payload.Move
	ins := Insights{CoinChange: []CoinChange{}}
	switch p.Type {
	case "entry_function_payload":
	case "script_payload":
		ins.Type = InsightScriptCall
		return ins, nil
	case "automation_registration_payload":
		ins.Type = InsightAutomationRegistration
		return ins, nil
	default:
		return ins, ErrUnsupportedTx
	}
	fn, _ := chain.ParseFunction(p.Function)
	isTransfer := fn.Module.Address == supra.FrameworkAddress && fn.Module.Name == "supra_account" &&
		(fn.Name == "transfer" || fn.Name == "transfer_coins")
	if isTransfer && len(p.Arguments) >= 2 {
		to, _ := p.Arguments[0].(string)
		amt, ok := new(big.Int).SetString(fmt.Sprint(p.Arguments[1]), 10)
		if ok {
			coin := supra.SupraCoinType
			if fn.Name == "transfer_coins" && len(p.TypeArguments) > 0 {
				coin = p.TypeArguments[0]
			}
			ins.Type = InsightCoinTransfer
			if a, err := supra.ParseAddress(to); err == nil {
				ins.CoinReceiver = a.String()
				sender, _ := supra.ParseAddress(tx.Header.Sender.Move)
				switch {
				case who == nil:
				case *who == sender:
					amt.Neg(amt)
				case *who != a:
					amt.SetInt64(0)
				}
			}
			ins.CoinChange = append(ins.CoinChange, CoinChange{CoinType: coin, Amount: amt.String()})
			return ins, nil
		}
	}
	ins.Type = InsightEntryFunctionCall
	if who == nil {
		return ins, nil
	}
	stores := make(map[supra.Address]string, len(coins))
	for _, c := range coins {
		stores[supra.PrimaryStoreAddress(*who, supra.PairedMetadataAddress(c))] = c.String()
	}
	net := map[string]*big.Int{}
	for i, ev := range events {
		ce, ok, err := chain.DecodeCoinEvent(ev)
		if !ok {
			// A migration's own deposit moves coins the account held already.
			fe, isFA, ferr := chain.DecodeFAEvent(ev)
			coin, mine := stores[fe.Store]
			if !isFA || ferr != nil || !mine || chain.IsMigrationDeposit(events, i) {
				continue
			}
			ce, ok, err = chain.CoinEvent{Deposit: fe.Deposit, CoinType: coin, Account: *who, Amount: fe.Amount}, true, nil
		}
		if !ok || err != nil || ce.Account != *who {
			continue
		}
		n := net[ce.CoinType]
		if n == nil {
			n = new(big.Int)
			net[ce.CoinType] = n
		}
		amt := new(big.Int).SetUint64(ce.Amount)
		if ce.Deposit {
			n.Add(n, amt)
		} else {
			n.Sub(n, amt)
		}
	}
	keys := make([]string, 0, len(net))
	for k := range net {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		ins.CoinChange = append(ins.CoinChange, CoinChange{CoinType: k, Amount: net[k].String()})
	}
	return ins, nil
}
