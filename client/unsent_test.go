package client_test

import (
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// silentTLS is an https address whose connections are accepted and never
// answered: the TLS handshake, part of making the connection, never ends,
// so no request is ever written. It returns the address and how many
// connections were made.
func silentTLS(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var conns atomic.Int32
	var held []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			held = append(held, c)
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		<-done
		for _, c := range held {
			c.Close()
		}
	})
	return "https://" + ln.Addr().String(), &conns
}

// A write whose connection could not be made within request_timeout sent
// nothing: it is not "outcome unknown" (an SMS send said the messages
// "may have gone out", and ccsync's journal kept the batch in doubt for
// minutes), and it is sent again as a safe call would be.
func TestTimeoutBeforeTheRequestWasSent(t *testing.T) {
	t.Parallel()
	addr, conns := silentTLS(t)
	// Each attempt is one round trip of the transport, counted here: the
	// attempts the send made. The listener counts the connections that
	// reached it, which on a loaded machine may be fewer: an attempt whose
	// time ran out before its dial began makes none ("2 connections, want
	// 3" in .ci/run at a load of 40, the error saying "at the last of 3
	// attempts", and the count still 2 five seconds later).
	rt := &countingTransport{base: http.DefaultTransport.(*http.Transport).Clone()}
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(addr), AccessToken: "tok", Timeout: 200 * time.Millisecond,
		MaxRetries: 2, RetryWaitMin: 10 * time.Millisecond, RetryWaitMax: 20 * time.Millisecond, HTTPClient: &http.Client{Transport: rt}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.SMS.Send(t.Context(), client.SMSSendInput{Phone: "13800138000", Type: 1, TemplateID: "7"})
	if err == nil {
		t.Fatal("the send succeeded")
	}
	if client.IsAmbiguous(err) {
		t.Errorf("a send that never left is in doubt: %v", err)
	}
	for _, want := range []string{"could not be sent within 200ms (request_timeout): no connection was made in time", "at the last of 3 attempts", "so nothing was sent"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error lacks %q: %v", want, err)
		}
	}
	if strings.Contains(err.Error(), "may or may not have been processed") {
		t.Errorf("the error says the send may have been processed: %v", err)
	}
	if n := rt.n.Load(); n != 3 {
		t.Errorf("%d attempts, want 3 (the send tried again, as nothing was sent)", n)
	}
	// No attempt made more than one connection: a fourth fails it. The
	// listener's goroutine counts a connection when it accepts it, which
	// may be after the send returned: it is given time.
	for end := time.Now().Add(300 * time.Millisecond); conns.Load() <= 3 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	if n := conns.Load(); n > 3 || n < 1 {
		t.Errorf("%d connections for 3 attempts, want 1 to 3", n)
	}
}

// countingTransport counts the round trips, the attempts, of a client.
type countingTransport struct {
	base http.RoundTripper
	n    atomic.Int32
}

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.base.RoundTrip(r)
}
