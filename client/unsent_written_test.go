package client_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// A write whose connection was made but whose request was not written
// whole within request_timeout (a large upload on a slow link; here a
// service that stops reading) said "no connection was made in time": a
// user checked the network and firewall, where a longer request_timeout
// was wanted.
func TestTimeoutWhileTheRequestWasWritten(t *testing.T) {
	t.Parallel()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var conns atomic.Int32
	stop := make(chan struct{})
	t.Cleanup(func() { ln.Close(); close(stop) })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			go func() {
				defer c.Close()
				br := bufio.NewReader(c)
				if _, err := http.ReadRequest(br); err == nil {
					_, _ = io.CopyN(io.Discard, br, 64<<10) // then reads no more
				}
				<-stop
			}()
		}
	}()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs("http://" + ln.Addr().String()), AccessToken: "tok", Timeout: 300 * time.Millisecond,
		MaxRetries: 1, RetryWaitMin: 10 * time.Millisecond, RetryWaitMax: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("a", 32<<20) // more than the sockets' buffers hold
	err = c.Do(t.Context(), client.Request{Surface: client.SurfaceBase, Method: "POST", Path: "/sms/send", Body: map[string]string{"content": big}}, nil)
	if err == nil {
		t.Fatal("the call succeeded")
	}
	if client.IsAmbiguous(err) {
		t.Errorf("a request never written whole is in doubt: %v", err)
	}
	for _, want := range []string{"could not be sent within 300ms (request_timeout): the connection was made, but the request was not written whole in time",
		"so the service got no whole request to act on", "a longer request_timeout"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error lacks %q: %v", want, err)
		}
	}
	if strings.Contains(err.Error(), "no connection was made") {
		t.Errorf("the error says no connection was made, where %d were: %v", conns.Load(), err)
	}
}

// An update or a delete (idempotent, so retried) whose first attempt
// reached the service and got no answer, and whose retries found nothing
// listening, was reported as a call that sent nothing: IsAmbiguous false,
// "could not connect ... at the last of 3 attempts", and a destroy said the
// object "was not deleted" of one the service had deleted. The first
// attempt's doubt stays.
func TestUnsentRetryAfterAnAttemptInDoubt(t *testing.T) {
	t.Parallel()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var received atomic.Int32
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		if req, err := http.ReadRequest(bufio.NewReader(c)); err == nil {
			_, _ = io.ReadAll(req.Body)
			received.Add(1) // carried out; then the service goes away
		}
		ln.Close()
		c.Close()
	}()
	t.Cleanup(func() { ln.Close() })
	c, err := client.New(client.Config{URLs: client.SurfaceURLs("http://" + ln.Addr().String()), AccessToken: "tok", Timeout: time.Second,
		MaxRetries: 2, RetryWaitMin: 10 * time.Millisecond, RetryWaitMax: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	err = c.Webhooks.Delete(t.Context(), 5)
	if err == nil || received.Load() != 1 {
		t.Fatalf("received %d, err %v", received.Load(), err)
	}
	if !client.IsAmbiguous(err) {
		t.Errorf("a delete whose first attempt was received is not in doubt: %v", err)
	}
	if want := "an earlier attempt was sent and its outcome is unknown, so the request may or may not have been processed"; !strings.Contains(err.Error(), want) {
		t.Errorf("the error lacks %q: %v", want, err)
	}
}
