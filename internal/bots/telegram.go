package bots

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	tgbot "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"
)

// DefaultAPI is the Telegram Bot API.
const DefaultAPI = "https://api.telegram.org"

// Client is one bot account on the Bot API (github.com/go-telegram/bot), as Telegram
// for a Bot, plus the long polling or webhook that brings its commands in.
type Client struct {
	api      *tgbot.Bot
	username string
	handle   func(ctx context.Context, m Message) (string, error)
	log      *slog.Logger
}

// Connect checks the token (getMe) against apiURL ("" for DefaultAPI). pollTimeout is
// how long a getUpdates call waits for news (Telegram allows up to 50 s).
func Connect(ctx context.Context, token, apiURL string, pollTimeout time.Duration, log *slog.Logger) (*Client, error) {
	if apiURL == "" {
		apiURL = DefaultAPI
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	c := &Client{log: log}
	if pollTimeout <= 0 {
		pollTimeout = 30 * time.Second
	}
	api, err := tgbot.New(token,
		tgbot.WithServerURL(apiURL),
		tgbot.WithSkipGetMe(),
		tgbot.WithHTTPClient(pollTimeout+time.Second, &http.Client{Timeout: pollTimeout + 10*time.Second}),
		tgbot.WithDefaultHandler(c.onUpdate),
		// One update at a time, in order: a chat's commands read and write its settings.
		tgbot.WithNotAsyncHandlers(),
		tgbot.WithErrorsHandler(func(err error) { log.Warn("telegram", "err", err) }),
		tgbot.WithAllowedUpdates(tgbot.AllowedUpdates{"message"}),
	)
	if err != nil {
		return nil, fmt.Errorf("telegram: %w", err)
	}
	me, err := api.GetMe(ctx)
	if err != nil {
		return nil, fmt.Errorf("telegram: getMe (is the token right?): %w", err)
	}
	c.api, c.username = api, me.Username
	return c, nil
}

// Username is the bot's @username (from getMe).
func (c *Client) Username() string { return c.username }

// Poll answers b's commands by long polling until ctx ends.
func (c *Client) Poll(ctx context.Context, b *Bot) {
	c.handle = b.Handle
	c.api.Start(ctx)
}

// Webhook registers url with Telegram and returns the handler that takes b's updates
// (serve it at url); updates are handled until ctx ends.
func (c *Client) Webhook(ctx context.Context, b *Bot, url string) (http.Handler, error) {
	c.handle = b.Handle
	if _, err := c.api.SetWebhook(ctx, &tgbot.SetWebhookParams{URL: url, AllowedUpdates: []string{"message"}}); err != nil {
		return nil, fmt.Errorf("telegram: setWebhook: %w", err)
	}
	go c.api.StartWebhook(ctx)
	return c.api.WebhookHandler(), nil
}

func (c *Client) onUpdate(ctx context.Context, _ *tgbot.Bot, u *models.Update) {
	if u.Message == nil || u.Message.Text == "" || c.handle == nil {
		return
	}
	m := Message{Chat: u.Message.Chat.ID, Private: u.Message.Chat.Type == models.ChatTypePrivate, Text: u.Message.Text}
	if u.Message.From != nil {
		m.User = u.Message.From.ID
	}
	reply, err := c.handle(ctx, m)
	if err != nil {
		c.log.Error("bots: command", "chat", m.Chat, "text", m.Text, "err", err)
		reply = "Something went wrong on our side. Try again in a minute."
	}
	if reply == "" {
		return
	}
	if _, err := c.Send(ctx, m.Chat, reply, ""); err != nil {
		c.log.Warn("bots: reply not sent", "chat", m.Chat, "err", err)
	}
}

// Send posts text, or a photo with text as caption.
func (c *Client) Send(ctx context.Context, chat int64, text, photo string) (int64, error) {
	var msg *models.Message
	var err error
	if photo != "" {
		msg, err = c.api.SendPhoto(ctx, &tgbot.SendPhotoParams{ChatID: chat, Photo: &models.InputFileString{Data: photo}, Caption: text})
	} else {
		msg, err = c.api.SendMessage(ctx, &tgbot.SendMessageParams{ChatID: chat, Text: text,
			LinkPreviewOptions: &models.LinkPreviewOptions{IsDisabled: tgbot.True()}})
	}
	if err != nil {
		return 0, classify(err)
	}
	return int64(msg.ID), nil
}

// Delete removes a message.
func (c *Client) Delete(ctx context.Context, chat, message int64) error {
	_, err := c.api.DeleteMessage(ctx, &tgbot.DeleteMessageParams{ChatID: chat, MessageID: int(message)})
	return classify(err)
}

// IsAdmin reports whether user is the chat's creator or an administrator.
func (c *Client) IsAdmin(ctx context.Context, chat, user int64) (bool, error) {
	m, err := c.api.GetChatMember(ctx, &tgbot.GetChatMemberParams{ChatID: chat, UserID: user})
	if err != nil {
		return false, classify(err)
	}
	return m.Type == models.ChatMemberTypeOwner || m.Type == models.ChatMemberTypeAdministrator, nil
}

// classify maps the library's errors to the ones the alert loop acts on.
func classify(err error) error {
	var tooMany *tgbot.TooManyRequestsError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooMany):
		return &RetryAfterError{Seconds: tooMany.RetryAfter}
	case errors.Is(err, tgbot.ErrorForbidden):
		return fmt.Errorf("%w: %v", ErrForbidden, err)
	case errors.Is(err, tgbot.ErrorBadRequest), errors.Is(err, tgbot.ErrorNotFound), errors.Is(err, tgbot.ErrorUnauthorized):
		return fmt.Errorf("%w: %v", ErrRejected, err)
	}
	return err // 5xx, network: retried
}
