package supra

import (
	"encoding/json"
	"time"
)

// JSON shapes of the node's RPC v1, as a real Supra node answers. Field names and
// encodings follow the node: u64 counters inside Move values are strings (U64), header
// numbers are plain JSON numbers.

// AccountInfo is GET /rpc/v1/accounts/{addr} (null when the account does not exist).
type AccountInfo struct {
	SequenceNumber    uint64 `json:"sequence_number"`
	AuthenticationKey string `json:"authentication_key"`
}

// ResourceList is the "Resources" variant of the node's MoveList:
// {"Resources":{"resource":[["0x1::coin::CoinStore<…>",{StructTag}],…],"cursor":"…"}}.
type ResourceList struct {
	Resources ResourcePage `json:"Resources"`
}

// ResourcePage is one page of resource types.
type ResourcePage struct {
	Resource []ResourceEntry `json:"resource"`
	Cursor   string          `json:"cursor"`
}

// ResourceEntry is a [typeString, StructTag] pair.
type ResourceEntry struct {
	Type string
	Tag  StructTag
}

// MarshalJSON writes the two-element array.
func (e ResourceEntry) MarshalJSON() ([]byte, error) { return json.Marshal([]any{e.Type, e.Tag}) }

// UnmarshalJSON reads the two-element array.
func (e *ResourceEntry) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if len(raw) != 2 {
		return ErrInvalidTypeTag
	}
	if err := json.Unmarshal(raw[0], &e.Type); err != nil {
		return err
	}
	return json.Unmarshal(raw[1], &e.Tag)
}

// MoveValueResponse is GET /rpc/v1/accounts/{addr}/resources/{type} and similar:
// {"result":[value]} (value null when absent).
type MoveValueResponse struct {
	Result []json.RawMessage `json:"result"`
}

// Timestamp is the node's time shape.
type Timestamp struct {
	MicrosecondsSinceUnixEpoch uint64 `json:"microseconds_since_unix_epoch"`
	UTCDateTime                string `json:"utc_date_time"`
}

// NewTimestamp renders t in the node's shape.
func NewTimestamp(t time.Time) Timestamp {
	return Timestamp{
		MicrosecondsSinceUnixEpoch: uint64(t.UnixMicro()),
		UTCDateTime:                t.UTC().Format("2006-01-02T15:04:05.000000Z"),
	}
}

// BlockHeader is the header in transaction info and GET /rpc/v1/block.
type BlockHeader struct {
	Hash      string    `json:"hash"`
	Height    uint64    `json:"height"`
	Timestamp Timestamp `json:"timestamp"`
}

// Block is GET /rpc/v1/block/height/{h}.
type Block struct {
	Header       BlockHeader       `json:"header"`
	Transactions []TransactionInfo `json:"transactions"`
}

// EventGUID is an event's guid. Module (#[event]) events use creation number "0" and
// account "0x0".
type EventGUID struct {
	CreationNumber U64    `json:"creation_number"`
	AccountAddress string `json:"account_address"`
}

// Event is an event as it appears in transaction output and /rpc/v1/events.
type Event struct {
	GUID           EventGUID       `json:"guid"`
	SequenceNumber U64             `json:"sequence_number"`
	Type           string          `json:"type"`
	Data           json.RawMessage `json:"data"`
}

// EventsResponse is GET /rpc/v1/events/{type}?start=&end=.
type EventsResponse struct {
	Data []Event `json:"data"`
}

// EventV3 is one event of GET /rpc/v3/events/{type}: the event with the block and the
// transaction that emitted it.
type EventV3 struct {
	Event           Event  `json:"event"`
	BlockHeight     uint64 `json:"block_height"`
	TransactionHash string `json:"transaction_hash"`
}

// EventsV3Response is GET /rpc/v3/events/{type}?start_height=&end_height=&limit=&start=;
// the next page's cursor is in the X-Supra-Cursor header.
type EventsV3Response struct {
	Data []EventV3 `json:"data"`
}

// EventPage is one page of a v3 events listing and the cursor of the next ("" when the
// node gave none).
type EventPage struct {
	Events []EventV3
	Cursor string
}

// Transaction statuses.
const (
	StatusSuccess = "Success"
	StatusFail    = "Fail"
	StatusInvalid = "Invalid"
	StatusPending = "Pending"
)

// VMStatusSuccess is vm_status of a successful transaction.
const VMStatusSuccess = "Executed successfully"

// TransactionInfo is TransactionInfoV1: GET /rpc/v1/transactions/{hash}, account
// transaction records, simulate answers.
type TransactionInfo struct {
	Authenticator TxAuthenticatorInfo `json:"authenticator"`
	BlockHeader   *BlockHeader        `json:"block_header"`
	Hash          string              `json:"hash"`
	Header        TxHeader            `json:"header"`
	Payload       TxPayloadInfo       `json:"payload"`
	Output        *TxOutput           `json:"output"`
	Status        string              `json:"status"`
}

// TxAuthenticatorInfo is {"Move":{"Ed25519":{public_key,signature}}}.
type TxAuthenticatorInfo struct {
	Move map[string]Ed25519AuthJSON `json:"Move"`
}

// Ed25519AuthJSON is {"public_key":"0x…","signature":"0x…"}.
type Ed25519AuthJSON struct {
	PublicKey HexBytes `json:"public_key"`
	Signature HexBytes `json:"signature"`
}

// TxHeader is the transaction header.
type TxHeader struct {
	ChainID             uint8      `json:"chain_id"`
	ExpirationTimestamp Timestamp  `json:"expiration_timestamp"`
	Sender              SenderInfo `json:"sender"`
	SequenceNumber      uint64     `json:"sequence_number"`
	GasUnitPrice        uint64     `json:"gas_unit_price"`
	MaxGasAmount        uint64     `json:"max_gas_amount"`
}

// SenderInfo is {"Move":"0x…"}.
type SenderInfo struct {
	Move string `json:"Move"`
}

// TxPayloadInfo is {"Move":{type,function,type_arguments,arguments}}.
type TxPayloadInfo struct {
	Move EntryFunctionPayloadInfo `json:"Move"`
}

// EntryFunctionPayloadInfo is the decoded entry function call. Arguments are rendered in
// the node's JSON (u64 as decimal strings, addresses "0x…", vector<u8> "0x…").
type EntryFunctionPayloadInfo struct {
	Type          string   `json:"type"` // "entry_function_payload"
	Function      string   `json:"function"`
	TypeArguments []string `json:"type_arguments"`
	Arguments     []any    `json:"arguments"`
}

// TxOutput is {"Move":{gas_used,events,vm_status}}.
type TxOutput struct {
	Move MoveOutput `json:"Move"`
}

// MoveOutput is the execution result.
type MoveOutput struct {
	GasUsed  uint64  `json:"gas_used"`
	Events   []Event `json:"events"`
	VMStatus string  `json:"vm_status"`
}

// AccountTransactions is /accounts/{a}/transactions: {"record":[…]}.
type AccountTransactions struct {
	Record []TransactionInfo `json:"record"`
}

// CoinTransactions is /accounts/{a}/coin_transactions: {"record":[…],"cursor":N}.
type CoinTransactions struct {
	Record []TransactionInfo `json:"record"`
	Cursor uint64            `json:"cursor"`
}

// ViewRequest is the POST /rpc/v1/view body.
type ViewRequest struct {
	Function      string            `json:"function"`
	TypeArguments []string          `json:"type_arguments"`
	Arguments     []json.RawMessage `json:"arguments"`
}

// ViewResponse is {"result":[…]}.
type ViewResponse struct {
	Result []json.RawMessage `json:"result"`
}

// GasPrice is GET /rpc/{v1,v3}/transactions/estimate_gas_price: statistics of the gas
// prices of recently executed transactions. v1 documents mean and max (v2 adds median);
// v3 adds min_configured_gas_price, the lowest price the chain accepts (below it a
// transaction is refused with GAS_UNIT_PRICE_BELOW_MIN_BOUND).
type GasPrice struct {
	MeanGasPrice          uint64 `json:"mean_gas_price"`
	MaxGasPrice           uint64 `json:"max_gas_price"`
	MedianGasPrice        uint64 `json:"median_gas_price,omitempty"`
	MinConfiguredGasPrice uint64 `json:"min_configured_gas_price,omitempty"`
	// V3 says the answer came from v3, so MinConfiguredGasPrice is the chain's minimum
	// (zero in a v3 answer is a broken answer, not "no minimum").
	V3 bool `json:"-"`
}

// Price is the gas unit price to build with: on v3, max(minimum, median), as the Supra
// SDK since v5 reads them; on v1, which knows no minimum, the mean as before. Never
// below floor.
func (g GasPrice) Price(floor uint64) uint64 {
	if g.V3 {
		return max(g.MinConfiguredGasPrice, g.MedianGasPrice, floor)
	}
	return max(g.MeanGasPrice, floor)
}

// FaucetResponse is {"Accepted":"0x<hash>"}.
type FaucetResponse struct {
	Accepted string `json:"Accepted"`
}

// ErrorResponse is the node's error body (Aptos style): message, error_code (one of the
// node's codes such as account_not_found or vm_error), and for rejected transactions the VM status name.
type ErrorResponse struct {
	Message     string `json:"message"`
	ErrorCode   string `json:"error_code"`
	VMErrorCode *int   `json:"vm_error_code,omitempty"`
}
