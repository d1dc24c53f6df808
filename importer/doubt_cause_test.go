package importer

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// losingSender sends through fakeSender, then loses the answer with what
// lose returns (it may end the run's context first, as an abort does).
type losingSender struct {
	*fakeSender
	lose func() error
}

func (s losingSender) SendBatch(ctx context.Context, id, tag string, b []Recipient) (map[string]Outcome, error) {
	if _, err := s.fakeSender.SendBatch(ctx, id, tag, b); err != nil {
		return nil, err
	}
	return nil, s.lose()
}

// TestSend_settledDoubtSaysWhyItWasInDoubt: a number left in doubt and
// settled by the next run was said "sent before the interruption"
// whatever left it in doubt: an answer lost on the network, or one that
// never came in time, with no Ctrl-C at all. The next run now says what
// happened: a lost answer, a time-out (the error with it), the user's
// interruption, or a run that stopped before recording anything.
func TestSend_settledDoubtSaysWhyItWasInDoubt(t *testing.T) {
	t.Parallel()
	const found = ": the platform's send records show this template sent to it with these values"
	gatewayTimeout := &client.APIError{Method: "POST", Path: "/open/sms/send", Code: -1, HTTPStatus: 504, Message: "HTTP 504: gateway timeout"}
	for name, tc := range map[string]struct {
		lose func(cancel context.CancelFunc) error
		want string
	}{
		"connection reset": {
			lose: func(context.CancelFunc) error { return errors.New("read tcp: connection reset by peer") },
			want: "found sent after a lost answer to the send (read tcp: connection reset by peer)" + found,
		},
		"HTTP 504": {
			lose: func(context.CancelFunc) error { return gatewayTimeout },
			want: "found sent after a time-out waiting for the send's answer (POST /open/sms/send: HTTP 504: gateway timeout)" + found,
		},
		"request timeout": {
			lose: func(context.CancelFunc) error {
				return &client.TimeoutError{Method: "POST", Path: "/open/sms/send", After: 30 * time.Second, Write: true}
			},
			want: "found sent after a time-out waiting for the send's answer (POST /open/sms/send got no answer within 30s (request_timeout), so the request may or may not have been processed)" + found,
		},
		"second Ctrl-C": {
			lose: func(cancel context.CancelFunc) error { cancel(); return context.Canceled },
			want: "found sent after an interruption while waiting for the send's answer" + found,
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			list, _, _ := ReadRecipients(recipientsBook(t, 3), []string{"name", "date"}, "open")
			s := newFakeSender()
			opts := SendOptions{TemplateID: "7", Journal: filepath.Join(t.TempDir(), "j")}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			res, _ := Send(ctx, losingSender{s, func() error { return tc.lose(cancel) }}, list, opts)
			if res[0].Outcome != SendUnknown {
				t.Fatalf("first run: %s %q, want unknown", res[0].Outcome, res[0].Message)
			}
			res, err := Send(context.Background(), s, list, opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range res {
				if r.Outcome == SendDuplicate {
					continue
				}
				if r.Outcome != SendAlreadySent || !strings.HasPrefix(r.Message, tc.want) || strings.Contains(r.Message, "interruption") != (name == "second Ctrl-C") {
					t.Errorf("row %d: %s %q, want already sent, %q", r.Row, r.Outcome, r.Message, tc.want)
				}
			}
			if len(twice(s)) > 0 {
				t.Errorf("sent twice: %v", twice(s))
			}
		})
	}
}
