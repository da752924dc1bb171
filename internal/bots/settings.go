package bots

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"
)

// Streams of alerts: suprabot posts plays and buys, burnbot burns.
const (
	StreamPlay = "play"
	StreamBuy  = "buy"
	StreamBurn = "burn"
)

// Alerts is one alert stream's settings in a chat.
type Alerts struct {
	On bool `json:"on"`
	// Token filters the stream by registry name. Plays: "" covers every token (/settoken
	// all). Buys and burns follow one token, the app's by default: /settoken cannot clear
	// it, and a chat whose stored token is "" or no longer in the registry gets none.
	Token string `json:"token,omitempty"`
	// Image is an https URL posted with each alert (sendPhoto); "" posts text.
	Image string `json:"image,omitempty"`
	// DeletePrevious removes the stream's last alert when a new one is posted.
	DeletePrevious bool `json:"deletePrevious,omitempty"`
	// SinceUS is when the stream was switched on, on the chain's clock (microseconds since
	// the Unix epoch): events before it are not news to the chat and are never posted, even
	// when the index reaches them later (it was catching up at the time). 0: no bound
	// (switched on before the bound was kept).
	SinceUS int64 `json:"sinceUs,omitempty"`
}

// Settings are a chat's settings for one bot (JSON in the store). Emoji, EmojiBase and
// MinUSD apply to buys (suprabot) and burns (burnbot).
type Settings struct {
	Alerts map[string]*Alerts `json:"alerts"`
	// Emoji is repeated once per EmojiBase USD of the alert's value (at least once).
	Emoji     string `json:"emoji"`
	EmojiBase string `json:"emojiBase"` // USD, decimal
	// MinUSD hides alerts worth less (decimal USD; "0" disables the filter).
	MinUSD string `json:"minUsd"`
}

// Defaults.
const (
	defaultBuyEmoji  = "🟢"
	defaultBurnEmoji = "🔥"
	defaultEmojiBase = "10"
	maxEmoji         = 50
)

// defaultSettings are a new chat's settings: alerts follow the app's token (the registry's
// app role) until the chat picks another.
func defaultSettings(kind, appToken string) Settings {
	s := Settings{Alerts: map[string]*Alerts{}, EmojiBase: defaultEmojiBase, MinUSD: "0"}
	switch kind {
	case SupraBot:
		s.Emoji = defaultBuyEmoji
		s.Alerts[StreamPlay] = &Alerts{}
		s.Alerts[StreamBuy] = &Alerts{Token: appToken}
	case BurnBot:
		s.Emoji = defaultBurnEmoji
		s.Alerts[StreamBurn] = &Alerts{Token: appToken}
	}
	return s
}

func decodeSettings(kind, appToken string, raw []byte) (Settings, error) {
	s := defaultSettings(kind, appToken)
	if len(raw) == 0 {
		return s, nil
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, fmt.Errorf("bots: settings: %w", err)
	}
	for k, v := range defaultSettings(kind, appToken).Alerts {
		if s.Alerts[k] == nil {
			s.Alerts[k] = v
		}
	}
	return s, nil
}

// usd parses a non-negative decimal USD amount ("12.5").
func usd(s string) (*big.Rat, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "$")
	if s == "" || strings.ContainsAny(s, "eE/+-") {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok || r.Sign() < 0 {
		return nil, false
	}
	return r, true
}

// emojiRow is the chat's emoji once per EmojiBase of value (1 when the value is unknown),
// at most maxEmoji.
func (s Settings) emojiRow(value *big.Rat) string {
	n := int64(1)
	if base, ok := usd(s.EmojiBase); ok && base.Sign() > 0 && value != nil {
		q := new(big.Int).Quo(new(big.Int).Mul(value.Num(), base.Denom()), new(big.Int).Mul(value.Denom(), base.Num()))
		if q.IsInt64() {
			n = min(max(q.Int64(), 1), maxEmoji)
		} else {
			n = maxEmoji
		}
	}
	return strings.Repeat(s.Emoji, int(n))
}

// passes reports whether an alert worth value clears the chat's minimum; an alert whose
// USD value is unknown is shown (the filter cannot judge it).
func (s Settings) passes(value *big.Rat) bool {
	min, ok := usd(s.MinUSD)
	if !ok || min.Sign() == 0 || value == nil {
		return true
	}
	return value.Cmp(min) >= 0
}

// validEmoji accepts one to eight runes of non-space text.
func validEmoji(e string) bool {
	n := utf8.RuneCountInString(e)
	return n >= 1 && n <= 8 && !strings.ContainsAny(e, " \t\n")
}

func encode(s Settings) ([]byte, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("bots: settings: %w", err)
	}
	return raw, nil
}

// settings decodes a chat's stored settings over this bot's defaults.
func (b *Bot) settings(raw []byte) (Settings, error) {
	return decodeSettings(b.cfg.Kind, b.appToken(), raw)
}

// appToken is the name of the app's own token in the registry ("" when it names none).
func (b *Bot) appToken() string {
	t, _ := b.cfg.Tokens.App()
	return t.Name
}
