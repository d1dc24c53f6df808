package client_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestGatewaySeenSignaturesByContent: the send action's check of its
// signature's review asks the signature finder, which answers every
// signature of a text from its first page of get_sign when that is the
// whole listing (one call a walk, shared), and not at all from a listing of
// 50 or more, where another signature of the same text (an approved one)
// may stand on a page not read: the action read a page of its own.
func TestGatewaySeenSignaturesByContent(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	add := func(text string) int64 {
		id, err := e.c.Gateway.AddSignature(ctx, client.GatewaySignatureInput{SignText: text})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	pending, approved := add("Acme"), add("Acme")
	add("Other")
	if err := e.sim.Review("gateway_signature", strconv.FormatInt(approved, 10), 1, ""); err != nil {
		t.Fatal(err)
	}
	gets := func() int { return e.sim.Stats()["POST /smsapi/sign/v1/get_sign"] }

	c := e.newClient(t)
	before := gets()
	for range 2 {
		found, known, err := c.Gateway.SeenSignaturesByContent(ctx, "Acme")
		if err != nil || !known || len(found) != 2 {
			t.Fatalf("3 signatures: found %d (known %v, %v), want both of Acme (%d, %d)", len(found), known, err, pending, approved)
		}
	}
	if n := gets() - before; n != 1 {
		t.Errorf("%d get_sign calls for two questions in one walk, want 1", n)
	}

	for i := range 50 {
		add(fmt.Sprintf("S%d", i))
	}
	c = e.newClient(t)
	if _, err := c.Gateway.GetSignature(ctx, pending); err != nil { // read by id: the finder holds it
		t.Fatal(err)
	}
	if found, known, err := c.Gateway.SeenSignaturesByContent(ctx, "Acme"); err != nil || known {
		t.Errorf("53 signatures: found %d, known %v (%v); want not known, for a full first page is not the whole listing", len(found), known, err)
	}
}
