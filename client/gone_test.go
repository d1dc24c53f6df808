package client_test

import (
	"context"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestGoneWhateverTheCode: the spec does not show the codes with which the
// platform refuses a call on an object that no longer exists (§7.1); the
// client knew only the simulator's 404. With another code, destroying a
// webhook, task, SMS signature or template, or agent deleted by hand
// failed, and so did the refresh of a deleted task (projects/detail). A
// refusal now counts as "gone" when the listing no longer holds the object;
// a refusal of an object that is still listed is still an error.
func TestGoneWhateverTheCode(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	hook, err := e.c.Webhooks.Create(ctx, client.WebhookInput{Name: "Gone", URL: "https://example.com/gone", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	taskID, err := e.c.Tasks.Create(ctx, client.Task{Name: "Gone", Type: 3})
	if err != nil {
		t.Fatal(err)
	}
	keptTask, err := e.c.Tasks.Create(ctx, client.Task{Name: "Kept", Type: 3})
	if err != nil {
		t.Fatal(err)
	}
	sg, err := e.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Gone"})
	if err != nil {
		t.Fatal(err)
	}
	inUse, err := e.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "In use"})
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := e.c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "Gone", TemplateContents: "Hello", SignID: int64(inUse.ID)})
	if err != nil {
		t.Fatal(err)
	}
	pw := "Pass-123"
	ag, err := e.c.Agents.Create(ctx, client.AgentInput{UserNum: new("8801"), UserName: new("Gone"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}

	// Deleted by hand (another client, as the portal would).
	other := e.newClient(t)
	for name, del := range map[string]func() error{
		"webhook":   func() error { return other.Webhooks.Delete(ctx, int64(hook.ID)) },
		"task":      func() error { return other.Tasks.Delete(ctx, []int64{taskID}, true) },
		"signature": func() error { return other.SMS.DeleteSignature(ctx, int64(sg.ID)) },
		"agent":     func() error { return other.Agents.Delete(ctx, ag.UserID.Int64()) },
	} {
		if err := del(); err != nil {
			t.Fatalf("deleting the %s by hand: %v", name, err)
		}
	}
	e.mu.Lock()
	for _, p := range []string{"/autocall/api/v3/webhook/delete", "/autocall/api/v3/projects/delete", "/autocall/api/v3/projects/detail",
		"/open/sms/sign/delete", "/open/sms/template/delete", "/open/v3/svcapi/users/delete"} {
		e.recode[p] = true
	}
	e.mu.Unlock()

	c := e.newClient(t)
	gone := map[string]error{
		"webhook delete":   c.Webhooks.Delete(ctx, int64(hook.ID)),
		"task delete":      c.Tasks.Delete(ctx, []int64{taskID}, true),
		"signature delete": c.SMS.DeleteSignature(ctx, int64(sg.ID)),
	}
	_, gone["task read"] = c.Tasks.Get(ctx, taskID)
	for name, err := range gone {
		if !client.IsNotFound(err) {
			t.Errorf("%s of an object deleted by hand: %v, want not found", name, err)
		}
	}
	if err := c.Agents.Delete(ctx, ag.UserID.Int64()); err != nil {
		t.Errorf("deleting an agent deleted by hand: %v", err)
	}

	// Objects that are still there: the refusal stays an error.
	if err := c.SMS.DeleteSignature(ctx, int64(inUse.ID)); err == nil || client.IsNotFound(err) {
		t.Errorf("deleting a signature a template uses: %v, want the refusal", err)
	}
	if _, err := c.SMS.GetTemplate(ctx, int64(tpl.ID)); err != nil {
		t.Fatal(err)
	}
	e.mu.Lock()
	e.refuse["/autocall/api/v3/projects/detail"] = true
	e.mu.Unlock()
	if _, err := c.Tasks.Get(ctx, keptTask); err == nil || client.IsNotFound(err) {
		t.Errorf("a refused read of a task that is listed: %v, want the refusal", err)
	}
	if _, err := c.Tasks.Get(context.WithoutCancel(ctx), taskID); !client.IsNotFound(err) {
		t.Errorf("a refused read of a task that is not listed: %v, want not found", err)
	}
}

// TestGoneNotWhenTheLookupFails: a refused delete is taken for "gone" only
// when the lookup shows the object absent. When the lookup fails too, the
// object may well still be there: the delete reports the refusal, so that a
// destroy does not drop from the state a webhook that still exists.
func TestGoneNotWhenTheLookupFails(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	hook, err := e.c.Webhooks.Create(ctx, client.WebhookInput{Name: "Kept", URL: "https://example.com/kept", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	e.mu.Lock()
	e.refuse["/autocall/api/v3/webhook/delete"] = true
	e.refuse["/autocall/api/v3/webhook/lists"] = true
	e.mu.Unlock()
	if err := e.c.Webhooks.Delete(ctx, int64(hook.ID)); err == nil || client.IsNotFound(err) {
		t.Errorf("a refused delete whose lookup is refused too: %v, want the refusal", err)
	}
	e.mu.Lock()
	e.refuse = map[string]bool{}
	e.mu.Unlock()
	if _, err := e.c.Webhooks.Get(ctx, int64(hook.ID)); err != nil {
		t.Errorf("the webhook should still be there: %v", err)
	}
}
