package chain

import (
	"regexp"
	"strconv"

	"github.com/luckycoin/lucky/internal/supra"
)

// moveAbortRE reads the node's vm_status of an abort: "Move abort in 0x…::staking:
// EZERO_AMOUNT(0x10001): …", or without the name, "Move abort in 0x…::staking: 0x10001".
var moveAbortRE = regexp.MustCompile(`Move abort in (\S+?): (?:[A-Za-z_][A-Za-z0-9_]*\()?0x([0-9a-fA-F]{1,16})\b`)

// AbortReason says in plain words why a transaction of one of the app's contracts aborted,
// read from its vm_status; "" when the abort is not one the app explains (the raw
// vm_status still says it). The builders check each of these before a wallet signs, so
// this is for the rare transaction the chain's state overtook between build and block.
func (c *Core) AbortReason(vmStatus string) string {
	m := moveAbortRE.FindStringSubmatch(vmStatus)
	if m == nil {
		return ""
	}
	mod, err := supra.ParseModuleID(m[1])
	if err != nil {
		return ""
	}
	code, err := strconv.ParseUint(m[2], 16, 64)
	if err != nil {
		return ""
	}
	if sm, err := c.stakingModule(); err == nil && mod == sm {
		return stakingAbortReason(code)
	}
	return ""
}
