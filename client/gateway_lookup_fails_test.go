package client_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestGatewayCreateLookupFailsNothingSent: a gateway template's or
// signature's create reads the listing first (to find its object later if
// the answer is lost). When that read failed, the error was the read's
// alone; under a dropped connection the provider then advised "Run the
// operation again; after a write, check first whether it took effect",
// and a user looked for a template that had never been sent. It says that
// nothing was created, as the other creates' lookups do.
func TestGatewayCreateLookupFailsNothingSent(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	for _, c := range []struct {
		list, add string
		create    func() error
	}{
		{"/smsapi/tpl/v1/get_template", "/smsapi/tpl/v1/add_template", func() error {
			_, err := e.c.Gateway.AddTemplate(ctx, gwTemplate("never sent"))
			return err
		}},
		{"/smsapi/sign/v1/get_sign", "/smsapi/sign/v1/add_sign", func() error {
			_, err := e.c.Gateway.AddSignature(ctx, client.GatewaySignatureInput{SignText: "Never"})
			return err
		}},
	} {
		e.mu.Lock()
		e.refuse[c.list] = true
		e.mu.Unlock()
		err := c.create()
		e.mu.Lock()
		e.refuse[c.list] = false
		e.mu.Unlock()
		if err == nil {
			t.Fatalf("%s refused: the create succeeded", c.list)
		}
		if !errors.As(err, new(*client.NothingDoneError)) || !strings.Contains(err.Error(), "so nothing was created and applying again is safe") {
			t.Errorf("%s refused: %v (%T), want a NothingDoneError saying nothing was created", c.list, err, err)
		}
		if n := e.sim.Stats()["POST "+c.add]; n != 0 {
			t.Errorf("%s was sent %d times after its lookup failed, want 0", c.add, n)
		}
	}
}
