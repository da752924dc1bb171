package supra

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestParseAddress(t *testing.T) {
	full1 := "0x" + strings.Repeat("0", 63) + "1"
	tests := []struct {
		in, want string
		wantErr  string
	}{
		{in: "0x1", want: full1},
		{in: "1", want: full1},
		{in: "0X1", want: full1},
		{in: "0xABC", want: "0x" + strings.Repeat("0", 61) + "abc"},
		{in: "0xffffffffffffffffffffffffffffffff", want: "0x" + strings.Repeat("0", 32) + strings.Repeat("f", 32)},
		{in: full1, want: full1},
		{in: strings.Repeat("a", 64), want: "0x" + strings.Repeat("a", 64)},
		{in: "0x" + strings.Repeat("a", 65), wantErr: AddressLengthMessage},
		{in: strings.Repeat("a", 66), wantErr: AddressLengthMessage},
		{in: strings.Repeat("a", 65), wantErr: AddressLengthMessage},
		{in: "0xzz", wantErr: "Invalid address: not a hex string"},
		{in: "", wantErr: "Invalid address: empty"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			a, err := ParseAddress(tt.in)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr || !errors.Is(err, ErrInvalidAddress) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || a.String() != tt.want {
				t.Fatalf("got %s, %v; want %s", a, err, tt.want)
			}
		})
	}
}

func TestTypeTags(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0x1::coin::CoinStore<0x1::supra_coin::SupraCoin>", "0x1::coin::CoinStore<0x1::supra_coin::SupraCoin>"},
		{"0x0000000000000000000000000000000000000000000000000000000000000001::coin::CoinStore< 0x01::supra_coin::SupraCoin >", "0x1::coin::CoinStore<0x1::supra_coin::SupraCoin>"},
		{"0x0fec116479f1fd3cb9732cc768e6061b0e45b178a610b9bc23c2143a6493e794::memecoins::SPIKE", "0xfec116479f1fd3cb9732cc768e6061b0e45b178a610b9bc23c2143a6493e794::memecoins::SPIKE"},
		{"vector<vector<u8>>", "vector<vector<u8>>"},
		{"0x1::pair::Pair<u64, address>", "0x1::pair::Pair<u64, address>"},
		{"u256", "u256"},
	}
	for _, tt := range tests {
		got, err := ParseTypeTag(tt.in)
		if err != nil || got.String() != tt.want {
			t.Errorf("ParseTypeTag(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			continue
		}
		// BCS and JSON round trips.
		b, err := bcsBytes(&got)
		if err != nil {
			t.Fatal(err)
		}
		var back TypeTag
		if err := bcsDecode(&back, b); err != nil || back.String() != tt.want {
			t.Errorf("BCS round trip %q: %q %v", tt.want, back, err)
		}
		j, _ := json.Marshal(got)
		var jb TypeTag
		if err := json.Unmarshal(j, &jb); err != nil || jb.String() != tt.want {
			t.Errorf("JSON round trip %s: %q %v", j, jb, err)
		}
	}
	for _, bad := range []string{"", "0x1::coin", "0x1::coin::", "vector<u8", "0x1::a::B<>", "u64 u8", strings.Repeat("vector<", 40) + "u8" + strings.Repeat(">", 40)} {
		if _, err := ParseTypeTag(bad); !errors.Is(err, ErrInvalidTypeTag) {
			t.Errorf("ParseTypeTag(%q) err = %v", bad, err)
		}
	}
}

func TestSigningSaltMatchesSDK(t *testing.T) {
	// sha3_256("SUPRA::RawTransaction"), the salt the Supra SDK signs with.
	if got := hex.EncodeToString(rawTxSalt[:]); got != "88d16ed1aba6d77d521aafada6d6e92d7a174527adb457adfa66a9c5a0f1fe37" {
		t.Fatalf("salt = %s", got)
	}
}

func sampleTx(t testing.TB) (*SignedTransaction, ed25519.PrivateKey) {
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32))
	to := MustParseAddress("0x42")
	raw := &RawTransaction{
		Sender:         AddressFromPublicKey(key.Public().(ed25519.PublicKey)),
		SequenceNumber: 3,
		Payload: EntryFunction{
			Module:   ModuleID{Address: FrameworkAddress, Name: "supra_account"},
			Function: "transfer_coins",
			TypeArgs: []TypeTag{{Kind: KindStruct, Struct: &StructTag{Address: FrameworkAddress, Module: "supra_coin", Name: "SupraCoin"}}},
			Args:     [][]byte{to[:], {1, 0, 0, 0, 0, 0, 0, 0}},
		},
		MaxGasAmount: 500000, GasUnitPrice: 100, ExpirationTimestampSecs: 1_800_000_000, ChainID: 255,
	}
	st, err := Sign(raw, key)
	if err != nil {
		t.Fatal(err)
	}
	return st, key
}

func TestSignedTransactionRoundTrip(t *testing.T) {
	st, _ := sampleTx(t)
	if !st.Verify() {
		t.Fatal("signature does not verify")
	}
	b, err := st.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeSignedTransaction(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := back.Bytes()
	if !bytes.Equal(b, b2) || !back.Verify() {
		t.Fatal("BCS round trip changed the transaction")
	}
	h1, _ := st.Hash()
	h2, _ := back.Hash()
	if h1 != h2 {
		t.Fatal("hash differs")
	}
	// JSON submit body round trip.
	j, _ := json.Marshal(NewSubmitBody(st))
	var body SubmitBody
	if err := json.Unmarshal(j, &body); err != nil {
		t.Fatal(err)
	}
	fromJSON, err := body.SignedTransaction()
	if err != nil {
		t.Fatal(err)
	}
	if h3, _ := fromJSON.Hash(); h3 != h1 {
		t.Fatal("JSON round trip changed the hash")
	}
	if _, err := DecodeSignedTransaction(append(b, 0)); err == nil {
		t.Fatal("trailing byte accepted")
	}
	st.Auth.Signature[5] ^= 0xff
	if st.Verify() {
		t.Fatal("tampered signature verifies")
	}
}
