package devnet

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/luckycoin/lucky/internal/supra"
)

// RPC v1: accounts, their resources, and module ABIs.

func (n *Node) accountHandler(w http.ResponseWriter, r *http.Request) {
	addr, ok := pathAddress(w, r)
	if !ok {
		return
	}
	n.mu.RLock()
	a, exists := n.ch.st.accounts[addr]
	n.mu.RUnlock()
	if !exists {
		writeJSON(w, http.StatusOK, nil)
		return
	}
	writeJSON(w, http.StatusOK, supra.AccountInfo{SequenceNumber: a.SequenceNumber, AuthenticationKey: a.AuthKey.String()})
}

// resourceEntries lists addr's resources (type string → JSON value) under the read lock.
func (n *Node) resourceEntries(addr supra.Address) (map[string]json.RawMessage, error) {
	st := n.ch.st
	out := map[string]json.RawMessage{}
	if a, ok := st.accounts[addr]; ok {
		out["0x1::account::Account"] = accountResource(addr, a)
	}
	for k, v := range st.coins {
		if k.Addr == addr {
			out["0x1::coin::CoinStore<"+k.Coin+">"] = coinStoreResource(addr, v)
		}
	}
	if k, ok := st.storeOwner(addr); ok {
		out[fungibleStoreType] = fungibleStoreResource(k.Coin, st.fa[k])
	}
	for t, info := range st.coinInfos {
		if st, err := supra.ParseStructTag(t); err == nil && st.Address == addr {
			out["0x1::coin::CoinInfo<"+t+">"] = coinInfoResource(info)
		}
	}
	for k, v := range st.resources {
		if k.Addr == addr {
			raw, err := v.json()
			if err != nil {
				return nil, fmt.Errorf("devnet: encode resource %s at %s: %w", k.Type, addr, err)
			}
			out[k.Type] = raw
		}
	}
	return out, nil
}

type eventHandle struct {
	Counter supra.U64 `json:"counter"`
	GUID    struct {
		ID struct {
			Addr        string    `json:"addr"`
			CreationNum supra.U64 `json:"creation_num"`
		} `json:"id"`
	} `json:"guid"`
}

func newHandle(addr supra.Address, num uint64) eventHandle {
	var h eventHandle
	h.GUID.ID.Addr = addr.String()
	h.GUID.ID.CreationNum = supra.U64(num)
	return h
}

type optionEmpty struct {
	Vec []any `json:"vec"`
}

func accountResource(addr supra.Address, a accountState) json.RawMessage {
	v := map[string]any{
		"authentication_key":        a.AuthKey.String(),
		"coin_register_events":      newHandle(addr, 0),
		"guid_creation_num":         supra.U64(4),
		"key_rotation_events":       newHandle(addr, 1),
		"rotation_capability_offer": map[string]any{"for": optionEmpty{Vec: []any{}}},
		"sequence_number":           supra.U64(a.SequenceNumber),
		"signer_capability_offer":   map[string]any{"for": optionEmpty{Vec: []any{}}},
	}
	b, _ := json.Marshal(v)
	return b
}

func coinStoreResource(addr supra.Address, value uint64) json.RawMessage {
	v := map[string]any{
		"coin":            map[string]any{"value": supra.U64(value)},
		"deposit_events":  newHandle(addr, 2),
		"frozen":          false,
		"withdraw_events": newHandle(addr, 3),
	}
	b, _ := json.Marshal(v)
	return b
}

func coinInfoResource(info CoinInfo) json.RawMessage {
	// Aptos shape: supply is Option<OptionalAggregator>.
	supply := map[string]any{"vec": []any{map[string]any{
		"aggregator": optionEmpty{Vec: []any{}},
		"integer": map[string]any{"vec": []any{map[string]any{
			"limit": "340282366920938463463374607431768211455",
			"value": supra.U64(info.Supply),
		}}},
	}}}
	b, _ := json.Marshal(map[string]any{"decimals": info.Decimals, "name": info.Name, "supply": supply, "symbol": info.Symbol})
	return b
}

// resourcesHandler pages through an account's resource types sorted by type string. The
// cursor is opaque (hex of the last type returned); "" means no more pages.
func (n *Node) resourcesHandler(w http.ResponseWriter, r *http.Request) {
	addr, ok := pathAddress(w, r)
	if !ok {
		return
	}
	count, err := pageCount(r)
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	after := ""
	if s := r.URL.Query().Get("start"); s != "" {
		b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
		if err != nil {
			rpcError(w, http.StatusBadRequest, "invalid_input", "invalid cursor")
			return
		}
		after = string(b)
	}
	n.mu.RLock()
	entries, err := n.resourceEntries(addr)
	n.mu.RUnlock()
	if err != nil {
		rpcError(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	types := make([]string, 0, len(entries))
	for t := range entries {
		if t > after {
			types = append(types, t)
		}
	}
	sort.Strings(types)
	page := supra.ResourcePage{Resource: []supra.ResourceEntry{}}
	for _, t := range types {
		if len(page.Resource) == count {
			page.Cursor = hex.EncodeToString([]byte(page.Resource[len(page.Resource)-1].Type))
			break
		}
		st, err := supra.ParseStructTag(t)
		if err != nil {
			continue
		}
		page.Resource = append(page.Resource, supra.ResourceEntry{Type: t, Tag: st})
	}
	writeJSON(w, http.StatusOK, supra.ResourceList{Resources: page})
}

func (n *Node) resourceHandler(w http.ResponseWriter, r *http.Request) {
	addr, ok := pathAddress(w, r)
	if !ok {
		return
	}
	t, err := supra.NormalizeTypeString(r.PathValue("type"))
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	n.mu.RLock()
	entries, err := n.resourceEntries(addr)
	n.mu.RUnlock()
	if err != nil {
		rpcError(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	v, found := entries[t]
	if !found {
		writeJSON(w, http.StatusOK, supra.MoveValueResponse{Result: []json.RawMessage{json.RawMessage("null")}})
		return
	}
	writeJSON(w, http.StatusOK, supra.MoveValueResponse{Result: []json.RawMessage{v}})
}

// abiJSON renders a module ABI in the node's shape (supra.MoveModule, the type
// internal/chain reads it into).
func abiJSON(id supra.ModuleID, abi ABI) supra.MoveModule {
	generic := func(k int) []supra.GenericTypeParam {
		out := make([]supra.GenericTypeParam, k)
		for i := range out {
			out[i] = supra.GenericTypeParam{Constraints: []string{}}
		}
		return out
	}
	nz := func(s []string) []string {
		if s == nil {
			return []string{}
		}
		return s
	}
	m := supra.MoveModule{Address: id.Address.ShortString(), Name: id.Name, Friends: nz(abi.Friends),
		ExposedFunctions: make([]supra.MoveFunction, 0, len(abi.Functions)), Structs: make([]supra.MoveStruct, 0, len(abi.Structs))}
	for _, f := range abi.Functions {
		vis := f.Visibility
		if vis == "" {
			vis = "public"
		}
		m.ExposedFunctions = append(m.ExposedFunctions, supra.MoveFunction{Name: f.Name, Visibility: vis, IsEntry: f.IsEntry,
			IsView: f.IsView, GenericTypeParams: generic(f.GenericTypeParams), Params: nz(f.Params), Return: nz(f.Return)})
	}
	for _, s := range abi.Structs {
		fields := make([]supra.MoveField, 0, len(s.Fields))
		for _, f := range s.Fields {
			fields = append(fields, supra.MoveField{Name: f.Name, Type: f.Type})
		}
		m.Structs = append(m.Structs, supra.MoveStruct{Name: s.Name, Abilities: nz(s.Abilities),
			GenericTypeParams: generic(s.GenericTypeParams), Fields: fields})
	}
	return m
}

func (n *Node) moduleHandler(w http.ResponseWriter, r *http.Request) {
	addr, ok := pathAddress(w, r)
	if !ok {
		return
	}
	id := supra.ModuleID{Address: addr, Name: r.PathValue("name")}
	m, found := n.modules[id]
	if !found {
		rpcError(w, http.StatusNotFound, "module_not_found", "Module not found: "+id.String())
		return
	}
	writeJSON(w, http.StatusOK, abiJSON(id, m.ABI()))
}
