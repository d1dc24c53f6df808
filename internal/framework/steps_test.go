package framework

import (
	"bufio"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// DiagsError keeps every error diagnostic, summary and detail, and drops
// warnings; no error is a nil error.
func TestDiagsError(t *testing.T) {
	t.Parallel()
	var d diag.Diagnostics
	d.AddWarning("Careful", "only a warning")
	if err := DiagsError(d); err != nil {
		t.Fatalf("warnings only: got %v, want nil", err)
	}
	d.AddError("Value Conversion Error", "expected a set of strings")
	d.AddError("Invalid Element", "null at members[2]")
	err := DiagsError(d)
	want := "Value Conversion Error: expected a set of strings\nInvalid Element: null at members[2]"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
}

// SaveAndReadBack keeps the id when the read after a write fails, and the
// warning says so in plain words (it said "The Skill Group was createdd",
// then "The Skill Group was created", the title's capitals mid-sentence).
func TestSaveAndReadBack_readFails(t *testing.T) {
	t.Parallel()
	type model struct {
		ID types.String `tfsdk:"id"`
	}
	s := schema.Schema{Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
	for op, want := range map[string]string{"Create": "The skill group was created and its id is saved", "Update": "The skill group was updated and its id is saved"} {
		state := tfsdk.State{Schema: s, Raw: tftypes.NewValue(s.Type().TerraformType(t.Context()), nil)}
		steps := Steps[model]{Title: "Skill Group", Get: func(context.Context, *model) error { return errors.New("injected: read failed") }}
		var diags diag.Diagnostics
		steps.SaveAndReadBack(t.Context(), op, &model{ID: types.StringValue("102")}, &state, nil, &diags)
		var saved model
		diags.Append(state.Get(t.Context(), &saved)...)
		if saved.ID.ValueString() != "102" || diags.HasError() || diags.WarningsCount() != 1 {
			t.Fatalf("%s: saved %v, diagnostics %v", op, saved, diags)
		}
		if w := diags.Warnings()[0]; w.Summary() != "Skill Group "+op+"d, but Reading It Back Failed" || !strings.Contains(w.Detail(), want) {
			t.Errorf("%s: %s: %s", op, w.Summary(), w.Detail())
		}
	}
}

// TestNoun: a title mid-sentence is lower case but for its acronyms
// (strings.ToLower made "sms template").
func TestNoun(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"Skill Group": "skill group", "SMS Template": "SMS template", "Gateway SMS Signature": "gateway SMS signature", "Webhook": "webhook"} {
		if got := Noun(in); got != want {
			t.Errorf("Noun(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDelete_interrupted: a destroy interrupted (Ctrl-C) while the delete
// was on its way said "The webhook with id 5 was not deleted", though the
// service carries out what it received: the platform had deleted it. It
// says the delete may or may not have taken effect; interrupted before
// the request left, it was not deleted.
func TestDelete_interrupted(t *testing.T) {
	t.Parallel()
	var deleted atomic.Bool
	received := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		deleted.Store(true) // carried out; the answer is slow
		received <- struct{}{}
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "tok", MaxRequestsPerSecond: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	destroy := destroyWebhook5(t, c)
	ctx, cancel := context.WithCancel(t.Context())
	go func() { <-received; cancel() }()
	d := destroy(ctx)
	if !deleted.Load() || !d.HasError() {
		t.Fatalf("deleted %v, diagnostics %v", deleted.Load(), d)
	}
	if detail := d.Errors()[0].Detail(); strings.Contains(detail, "was not deleted") || !strings.Contains(detail, "The webhook with id 5 may or may not have been deleted") {
		t.Errorf("interrupted while the delete was under way:\n%s", detail)
	}
	// The pace (one request every 2 s) holds the next request back: an
	// interrupt while it waits sends nothing.
	ctx, cancel = context.WithCancel(t.Context())
	time.AfterFunc(100*time.Millisecond, cancel)
	if d := destroy(ctx); !d.HasError() || !strings.Contains(d.Errors()[0].Detail(), "The webhook with id 5 was not deleted") {
		t.Errorf("interrupted before the request left: %v", d)
	}
}

// TestDelete_serviceGoneAfterTheDelete: a delete whose first attempt
// reached the service (it deleted the webhook; the connection was then
// cut), and whose retries found nothing listening, said "The webhook with
// id 5 was not deleted": the last attempt's refusal made the call one that
// sent nothing. It says the webhook may or may not have been deleted.
func TestDelete_serviceGoneAfterTheDelete(t *testing.T) {
	t.Parallel()
	ln, deleted := deletesOnce(t, true) // carried out; then the service goes away
	c, err := client.New(client.Config{URLs: client.SurfaceURLs("http://" + ln.Addr().String()), AccessToken: "tok",
		MaxRetries: 2, RetryWaitMin: 10 * time.Millisecond, RetryWaitMax: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	diags := destroyWebhook5(t, c)(t.Context())
	if !deleted.Load() || !diags.HasError() {
		t.Fatalf("deleted %v, diagnostics %v", deleted.Load(), diags)
	}
	if detail := diags.Errors()[0].Detail(); strings.Contains(detail, "was not deleted") || !strings.Contains(detail, "The webhook with id 5 may or may not have been deleted") {
		t.Errorf("a delete the service received, then gone:\n%s", detail)
	}
}

// TestDelete_interruptedWhileConnecting: a destroy interrupted (Ctrl-C)
// while the connection for its delete was being made (a TLS handshake the
// service never answered) said the webhook "may or may not have been
// deleted (its request was already sent)": nothing was sent. It says the
// webhook was not deleted.
func TestDelete_interruptedWhileConnecting(t *testing.T) {
	t.Parallel()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	accepted := make(chan net.Conn, 4)
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- conn // held, never answered
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		for len(accepted) > 0 {
			(<-accepted).Close()
		}
	})
	c, err := client.New(client.Config{URLs: client.SurfaceURLs("https://" + ln.Addr().String()), AccessToken: "tok", Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	go func() {
		conn := <-accepted
		accepted <- conn
		cancel()
	}()
	diags := destroyWebhook5(t, c)(ctx)
	if !diags.HasError() {
		t.Fatalf("diagnostics %v", diags)
	}
	if detail := diags.Errors()[0].Detail(); !strings.Contains(detail, "The webhook with id 5 was not deleted") {
		t.Errorf("interrupted while connecting:\n%s", detail)
	}
}

// TestDelete_interruptedWhileConnectingAfterAnAttemptInDoubt: a destroy
// whose first delete reached the service (it deleted the webhook; the
// answer was lost) and that was interrupted (Ctrl-C) while the retry's
// connection was being made said "The webhook with id 5 was not deleted":
// the retry sent nothing, but the first attempt did. It says the webhook
// may or may not have been deleted.
func TestDelete_interruptedWhileConnectingAfterAnAttemptInDoubt(t *testing.T) {
	t.Parallel()
	ln, deleted := deletesOnce(t, false) // carried out; the answer is lost
	ctx, cancel := context.WithCancel(t.Context())
	var dials atomic.Int32
	dialer := &net.Dialer{}
	hc := &http.Client{Transport: &http.Transport{DialContext: func(dctx context.Context, network, addr string) (net.Conn, error) {
		if dials.Add(1) == 1 {
			return dialer.DialContext(dctx, network, addr)
		}
		cancel() // Ctrl-C while the retry's connection is being made
		<-dctx.Done()
		return nil, dctx.Err()
	}}}
	c, err := client.New(client.Config{URLs: client.SurfaceURLs("http://" + ln.Addr().String()), AccessToken: "tok", HTTPClient: hc,
		MaxRetries: 2, RetryWaitMin: 10 * time.Millisecond, RetryWaitMax: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	diags := destroyWebhook5(t, c)(ctx)
	if !deleted.Load() || dials.Load() != 2 || !diags.HasError() {
		t.Fatalf("deleted %v, dials %d, diagnostics %v", deleted.Load(), dials.Load(), diags)
	}
	if detail := diags.Errors()[0].Detail(); strings.Contains(detail, "was not deleted") || !strings.Contains(detail, "The webhook with id 5 may or may not have been deleted") {
		t.Errorf("a delete the service received, interrupted in its retry:\n%s", detail)
	}
}

// TestDelete_interruptedWhileWaitingToSendAgain: a destroy interrupted
// (Ctrl-C) in the wait before the delete's next attempt, when every
// attempt so far had sent nothing (nothing listened at the address) or had
// been refused unprocessed (HTTP 429), said the webhook "may or may not
// have been deleted (its request was already sent)". It says the webhook
// was not deleted.
func TestDelete_interruptedWhileWaitingToSendAgain(t *testing.T) {
	t.Parallel()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close() // nothing listens there now
	limited := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	t.Cleanup(limited.Close)
	for name, url := range map[string]string{"connection refused": closed, "HTTP 429": limited.URL} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, err := client.New(client.Config{URLs: client.SurfaceURLs(url), AccessToken: "tok",
				MaxRetries: 3, RetryWaitMin: 30 * time.Second, RetryWaitMax: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(t.Context())
			time.AfterFunc(300*time.Millisecond, cancel)
			diags := destroyWebhook5(t, c)(ctx)
			if !diags.HasError() {
				t.Fatalf("diagnostics %v", diags)
			}
			if detail := diags.Errors()[0].Detail(); !strings.Contains(detail, "The webhook with id 5 was not deleted") {
				t.Errorf("interrupted while waiting to send again:\n%s", detail)
			}
		})
	}
}

// destroyWebhook5 is a resource's destroy of the webhook with id 5 through
// c (Steps.Delete, read back with c's Get): it returns the diagnostics.
func destroyWebhook5(t *testing.T, c *client.Client) func(ctx context.Context) diag.Diagnostics {
	t.Helper()
	type model struct {
		ID types.String `tfsdk:"id"`
	}
	s := schema.Schema{Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
	steps := Steps[model]{Title: "Webhook", Get: func(ctx context.Context, m *model) error { _, err := c.Webhooks.Get(ctx, 5); return err }}
	state := tfsdk.State{Schema: s, Raw: tftypes.NewValue(s.Type().TerraformType(t.Context()), map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, "5")})}
	return func(ctx context.Context) diag.Diagnostics {
		var resp resource.DeleteResponse
		steps.Delete(ctx, resource.DeleteRequest{State: state}, &resp, func(ctx context.Context, _ *model) error { return c.Webhooks.Delete(ctx, 5) }, nil)
		return resp.Diagnostics
	}
}

// deletesOnce is a service that reads one request, takes it as carried out
// (deleted), and closes its connection without an answer; with gone, it
// then stops listening.
func deletesOnce(t *testing.T, gone bool) (net.Listener, *atomic.Bool) {
	t.Helper()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	deleted := new(atomic.Bool)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		if _, err := http.ReadRequest(bufio.NewReader(conn)); err == nil {
			deleted.Store(true)
		}
		if gone {
			ln.Close()
		}
		conn.Close()
	}()
	return ln, deleted
}
