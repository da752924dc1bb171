package bots

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
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
	migrate  func(ctx context.Context, from, to int64)
	log      *slog.Logger
	token    string
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
	c := &Client{log: log, token: token}
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
		tgbot.WithErrorsHandler(func(err error) { log.Warn("telegram", "err", c.scrub(err)) }),
		tgbot.WithAllowedUpdates(tgbot.AllowedUpdates{"message"}),
	)
	if err != nil {
		return nil, c.scrub(fmt.Errorf("telegram: %w", err))
	}
	me, err := api.GetMe(ctx)
	if err != nil {
		return nil, c.scrub(fmt.Errorf("telegram: getMe: %w", classify(err)))
	}
	c.api, c.username = api, me.Username
	return c, nil
}

// Username is the bot's @username (from getMe).
func (c *Client) Username() string { return c.username }

// Poll answers b's commands by long polling until ctx ends.
func (c *Client) Poll(ctx context.Context, b *Bot) {
	c.handle, c.migrate = b.Handle, b.migrated
	c.api.Start(ctx)
}

// Webhook registers url with Telegram and returns the handler that takes b's updates
// (serve it at url); updates are handled until ctx ends.
func (c *Client) Webhook(ctx context.Context, b *Bot, url string) (http.Handler, error) {
	c.handle, c.migrate = b.Handle, b.migrated
	if _, err := c.api.SetWebhook(ctx, &tgbot.SetWebhookParams{URL: url, AllowedUpdates: []string{"message"}}); err != nil {
		return nil, c.scrub(fmt.Errorf("telegram: setWebhook: %w", err))
	}
	go c.api.StartWebhook(ctx)
	return c.api.WebhookHandler(), nil
}

func (c *Client) onUpdate(ctx context.Context, _ *tgbot.Bot, u *models.Update) {
	// A group that became a supergroup tells its bots the new id in a service message.
	if u.Message != nil && u.Message.MigrateToChatID != 0 && c.migrate != nil {
		c.migrate(ctx, u.Message.Chat.ID, u.Message.MigrateToChatID)
		return
	}
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
		return 0, c.scrub(classify(err))
	}
	return int64(msg.ID), nil
}

// Delete removes a message.
func (c *Client) Delete(ctx context.Context, chat, message int64) error {
	_, err := c.api.DeleteMessage(ctx, &tgbot.DeleteMessageParams{ChatID: chat, MessageID: int(message)})
	return c.scrub(classify(err))
}

// IsAdmin reports whether user is the chat's creator or an administrator.
func (c *Client) IsAdmin(ctx context.Context, chat, user int64) (bool, error) {
	m, err := c.api.GetChatMember(ctx, &tgbot.GetChatMemberParams{ChatID: chat, UserID: user})
	if err != nil {
		return false, c.scrub(classify(err))
	}
	return m.Type == models.ChatMemberTypeOwner || m.Type == models.ChatMemberTypeAdministrator, nil
}

// classify maps the library's errors to the ones the alert loop acts on.
func classify(err error) error {
	var tooMany *tgbot.TooManyRequestsError
	var migrate *tgbot.MigrateError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooMany):
		return &RetryAfterError{Seconds: tooMany.RetryAfter}
	case errors.As(err, &migrate):
		return &MigratedError{To: int64(migrate.MigrateToChatID)}
	case errors.Is(err, tgbot.ErrorForbidden):
		return fmt.Errorf("%w: %v", ErrForbidden, err)
	case errors.Is(err, tgbot.ErrorBadRequest), errors.Is(err, tgbot.ErrorNotFound), errors.Is(err, tgbot.ErrorUnauthorized):
		return fmt.Errorf("%w: %v", ErrRejected, err)
	}
	return err // 5xx, network: retried
}

// scrub keeps the bot's token out of every error that leaves the Client, and so out of
// every log line: the token is part of each Bot API URL, and Go's url.Error, a proxy's
// error page or the API's own description can all echo that URL back.
func (c *Client) scrub(err error) error {
	if err == nil || c.token == "" {
		return err
	}
	msg := err.Error()
	clean := strings.NewReplacer(c.token, "<token>", url.PathEscape(c.token), "<token>", url.QueryEscape(c.token), "<token>").Replace(msg)
	if clean == msg {
		return err
	}
	return &scrubbedError{msg: clean, err: err}
}

// scrubbedError reads as the scrubbed text and still matches the sentinels it wraps.
type scrubbedError struct {
	msg string
	err error
}

func (e *scrubbedError) Error() string { return e.msg }

// Is and As see through to the original error; Unwrap is left out on purpose, so a
// caller printing an unwrapped error cannot reach the token.
func (e *scrubbedError) Is(target error) bool { return errors.Is(e.err, target) }

func (e *scrubbedError) As(target any) bool { return errors.As(e.err, target) }
