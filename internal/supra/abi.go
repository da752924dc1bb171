package supra

// Module ABI as GET /rpc/v1/accounts/{addr}/modules/{name} answers it. The devnet
// renders its modules' ABIs in this shape and internal/chain reads it to encode the
// arguments of POST /api/v1/tx/build: one type on both sides of the wire.

// MoveModule is a module ABI.
type MoveModule struct {
	Address          string         `json:"address"`
	Name             string         `json:"name"`
	Friends          []string       `json:"friends"`
	ExposedFunctions []MoveFunction `json:"exposed_functions"`
	Structs          []MoveStruct   `json:"structs"`
}

// MoveFunction is one exposed function. Params and Return are Move type strings.
type MoveFunction struct {
	Name              string             `json:"name"`
	Visibility        string             `json:"visibility"`
	IsEntry           bool               `json:"is_entry"`
	IsView            bool               `json:"is_view"`
	GenericTypeParams []GenericTypeParam `json:"generic_type_params"`
	Params            []string           `json:"params"`
	Return            []string           `json:"return"`
}

// GenericTypeParam is one type parameter with its ability constraints.
type GenericTypeParam struct {
	Constraints []string `json:"constraints"`
}

// MoveStruct is one struct of the module.
type MoveStruct struct {
	Name              string             `json:"name"`
	IsNative          bool               `json:"is_native"`
	Abilities         []string           `json:"abilities"`
	GenericTypeParams []GenericTypeParam `json:"generic_type_params"`
	Fields            []MoveField        `json:"fields"`
}

// MoveField is one struct field.
type MoveField struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Function finds an exposed function by name.
func (m *MoveModule) Function(name string) (*MoveFunction, bool) {
	for i := range m.ExposedFunctions {
		if m.ExposedFunctions[i].Name == name {
			return &m.ExposedFunctions[i], true
		}
	}
	return nil, false
}

// ArgParams are the parameters a caller supplies: the leading signer parameters of an
// entry function are dropped (the transaction's sender fills them).
func (f *MoveFunction) ArgParams() []string {
	p := f.Params
	for len(p) > 0 && (p[0] == "signer" || p[0] == "&signer") {
		p = p[1:]
	}
	return p
}
