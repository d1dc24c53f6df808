package importer_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

func simBackend(t *testing.T) (*simulator.Server, *client.Client, importer.Backend) {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	be, err := importer.BackendFor(c)
	if err != nil {
		t.Fatal(err)
	}
	return sim, c, be
}

func writes(stats map[string]int) map[string]int {
	out := map[string]int{}
	for k, n := range stats {
		if strings.Contains(k, "/users/add") || strings.Contains(k, "/users/edit") || strings.Contains(k, "/users/delete") || strings.Contains(k, "/sms/send") || strings.Contains(k, "send_batch") || strings.Contains(k, "send_file") {
			out[k] = n
		}
	}
	return out
}

// TestE2E_rosterAgainstSimulator: the demo roster against the simulator:
// plan, apply, a second apply with zero writes counted by the simulator's
// stats, then prune.
func TestE2E_rosterAgainstSimulator(t *testing.T) {
	t.Parallel()
	sim, c, be := simBackend(t)
	ctx := context.Background()
	for _, name := range []string{"Sales", "Support"} {
		if _, err := c.Queues.Create(ctx, client.SkillGroupInput{QueName: name, QuePriority: 1}); err != nil {
			t.Fatal(err)
		}
	}
	r, probs, err := importer.ReadRoster("../examples/spreadsheets/agents.xlsx")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	p, probs, err := importer.PlanRoster(ctx, be.Agents, r, importer.PlanOptions{})
	if err != nil || len(probs) > 0 {
		t.Fatalf("plan: %v %v", err, lines(probs))
	}
	if got := p.Counts()[importer.ActionCreate]; got != 20 {
		t.Fatalf("plan creates %d: %s", got, p.Summary())
	}
	if w := writes(sim.Stats()); len(w) != 0 {
		t.Fatalf("plan wrote: %v", w)
	}
	res := importer.Apply(ctx, be.Agents, p, importer.ApplyOptions{Concurrency: 4})
	if importer.Failed(res) != 0 {
		t.Fatalf("apply: %+v", res)
	}
	first := writes(sim.Stats())
	if first["POST /open/v3/svcapi/users/add"] != 20 {
		t.Errorf("writes after apply: %v", first)
	}

	// Second plan and apply: nothing to do, zero writes by the simulator's count.
	p, probs, err = importer.PlanRoster(ctx, be.Agents, r, importer.PlanOptions{})
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	if p.Writes() != 0 {
		for _, s := range p.Steps {
			if s.Action != importer.ActionUnchanged {
				t.Errorf("second plan: %s %s %+v", s.UserNum, s.Action, s.Changes)
			}
		}
		t.FailNow()
	}
	importer.Apply(ctx, be.Agents, p, importer.ApplyOptions{})
	if d := writes(sim.Stats()); fmt.Sprint(d) != fmt.Sprint(first) {
		t.Errorf("second apply wrote: before %v after %v", first, d)
	}

	// An edit: one agent's e-mail and skill groups change, and only those.
	edit := book(t, "Agents", [][]any{{"user_num", "user_email", "queue_ids", "max_sessions"}, {9001, "li.wei.new@example.com", "102", 12}})
	er, probs, err := importer.ReadRoster(edit)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	p, _, err = importer.PlanRoster(ctx, be.Agents, er, importer.PlanOptions{})
	if err != nil || p.Writes() != 1 || strings.Join(p.Steps[0].Fields(), ",") != "user_email,queue_ids,max_sessions" {
		t.Fatalf("edit plan: %v %+v", err, p.Steps)
	}
	if res := importer.Apply(ctx, be.Agents, p, importer.ApplyOptions{}); importer.Failed(res) != 0 {
		t.Fatalf("edit apply: %+v", res)
	}
	if p, _, _ = importer.PlanRoster(ctx, be.Agents, er, importer.PlanOptions{}); p.Writes() != 0 {
		t.Errorf("edit not settled: %+v", p.Steps)
	}

	// A second roster without the last five agents, pruned by resigning.
	short := *r
	short.Rows = r.Rows[:15]
	p, _, err = importer.PlanRoster(ctx, be.Agents, &short, importer.PlanOptions{Prune: importer.PruneResign})
	if err != nil {
		t.Fatal(err)
	}
	resign := 0
	for _, s := range p.Steps {
		if s.Action == importer.ActionResign {
			resign++
		}
	}
	if resign < 5 {
		t.Fatalf("resign steps %d: %s", resign, p.Summary())
	}
	if res := importer.Apply(ctx, be.Agents, p, importer.ApplyOptions{}); importer.Failed(res) != 0 {
		t.Fatalf("prune: %+v", res)
	}
	a, _ := be.Agents.FindByNum(ctx, "9020")
	if a == nil || a.Values["user_status"] != "2" {
		t.Errorf("9020 after resign: %+v", a)
	}
	p, _, _ = importer.PlanRoster(ctx, be.Agents, &short, importer.PlanOptions{Prune: importer.PruneResign})
	if p.Writes() != 0 {
		t.Errorf("resign is not idempotent: %s", p.Summary())
	}

	// Pruned by deleting: the agents not in the roster go in one
	// users/delete call (ids is a comma list, §4.2).
	p, _, err = importer.PlanRoster(ctx, be.Agents, &short, importer.PlanOptions{Prune: importer.PruneDelete})
	if err != nil {
		t.Fatal(err)
	}
	const del = "POST /open/v3/svcapi/users/delete"
	before := sim.Stats()[del]
	if res := importer.Apply(ctx, be.Agents, p, importer.ApplyOptions{}); importer.Failed(res) != 0 {
		t.Fatalf("prune delete: %+v", res)
	}
	if n := sim.Stats()[del] - before; n != 1 {
		t.Errorf("%d users/delete calls for %d agents, want 1", n, p.Counts()[importer.ActionDelete])
	}
	if a, _ := be.Agents.FindByNum(ctx, "9020"); a != nil {
		t.Errorf("9020 not deleted: %+v", a)
	}
}

// TestE2E_sendAgainstSimulator: an approved template, the demo recipients,
// a send, and a re-run that sends nothing (by the simulator's count).
func TestE2E_sendAgainstSimulator(t *testing.T) {
	t.Parallel()
	sim, c, be := simBackend(t)
	ctx := context.Background()
	sig, err := c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Demo"})
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Review("sms_signature", strconv.FormatInt(int64(sig.ID), 10), 1, ""); err != nil {
		t.Fatal(err)
	}
	tpl, err := c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "Reminder", TemplateContents: "Dear ${name}, see you on ${date}.", SignID: int64(sig.ID)})
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(int64(tpl.ID), 10)
	if err := sim.Review("sms_template", id, 1, ""); err != nil {
		t.Fatal(err)
	}
	params, err := be.Open.TemplateParams(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	list, probs, err := importer.ReadRecipients("../examples/spreadsheets/recipients.xlsx", params, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	journal := filepath.Join(t.TempDir(), "j")
	res, err := importer.Send(ctx, be.Open, list, importer.SendOptions{TemplateID: id, Journal: journal})
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, r := range res {
		counts[r.Outcome]++
	}
	if counts[importer.SendSent] != 24 || counts[importer.SendDuplicate] != 1 {
		t.Fatalf("send outcomes %v: %+v", counts, res)
	}
	first := writes(sim.Stats())
	if first["POST /open/sms/send"] != 1 {
		t.Errorf("sends: %v", first)
	}
	res, err = importer.Send(ctx, be.Open, list, importer.SendOptions{TemplateID: id, Journal: journal})
	if err != nil {
		t.Fatal(err)
	}
	if d := writes(sim.Stats()); fmt.Sprint(d) != fmt.Sprint(first) {
		t.Errorf("re-run sent again: %v", d)
	}
	counts = map[string]int{}
	for _, r := range res {
		counts[r.Outcome]++
	}
	if counts[importer.SendAlreadySent] != 24 || counts[importer.SendDuplicate] != 1 || len(res) != 25 {
		t.Errorf("re-run outcomes %v: %+v", counts, res)
	}
	// Reconciliation sees the records of the first run.
	sent, err := be.Open.(importer.Reconciler).SentSince(ctx, id, map[string]string{list.Rows[0].Mobile: "", "13999999999": ""}, time.Now().Add(-time.Hour))
	if err != nil || !sent[list.Rows[0].Mobile].Sent || sent["13999999999"] != (importer.Recorded{}) {
		t.Errorf("SentSince: %v %v", sent, err)
	}
}

// TestE2E_sendViaGateway: the same list through the gateway's send_batch,
// grouped by identical variables, and a re-run that sends nothing.
func TestE2E_sendViaGateway(t *testing.T) {
	t.Parallel()
	sim, c, be := simBackend(t)
	ctx := context.Background()
	sid, err := c.Gateway.AddSignature(ctx, client.GatewaySignatureInput{SignText: "Demo"})
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Review("gateway_signature", strconv.FormatInt(sid, 10), 1, ""); err != nil {
		t.Fatal(err)
	}
	tid, err := c.Gateway.AddTemplate(ctx, client.GatewayTemplateInput{TplText: "Dear ${name}, see you on ${date}.", TplType: 2, TplTitle: "Reminder", SignText: "Demo"})
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(tid, 10)
	if err := sim.Review("gateway_template", id, 1, ""); err != nil {
		t.Fatal(err)
	}
	params, err := be.Gateway.TemplateParams(ctx, id)
	if err != nil || strings.Join(params, ",") != "name,date" {
		t.Fatalf("params %v %v", params, err)
	}
	list, probs, err := importer.ReadRecipients("../examples/spreadsheets/recipients.xlsx", params, "gateway")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	journal := filepath.Join(t.TempDir(), "j")
	res, err := importer.Send(ctx, be.Gateway, list, importer.SendOptions{TemplateID: id, Via: "gateway", Journal: journal})
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, r := range res {
		counts[r.Outcome]++
	}
	if counts[importer.SendSent] != 24 || counts[importer.SendDuplicate] != 1 {
		t.Fatalf("outcomes %v: %+v", counts, res[:3])
	}
	first := writes(sim.Stats())
	// Every recipient has their own variables: one send_file, no send_batch.
	if first["POST /smsapi/sms/v1/send_file"] != 1 || first["POST /smsapi/sms/v1/send_batch"] != 0 {
		t.Errorf("want one send_file request: %v", first)
	}
	if _, err := importer.Send(ctx, be.Gateway, list, importer.SendOptions{TemplateID: id, Via: "gateway", Journal: journal}); err != nil {
		t.Fatal(err)
	}
	if d := writes(sim.Stats()); fmt.Sprint(d) != fmt.Sprint(first) {
		t.Errorf("re-run sent again: %v → %v", first, d)
	}
}

// TestE2E_sendReadsTemplateOnce: 450 recipients go out in three batches; the
// template's variable order is read once per run, not once per batch.
func TestE2E_sendReadsTemplateOnce(t *testing.T) {
	t.Parallel()
	sim, c, be := simBackend(t)
	ctx := context.Background()
	sig, err := c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Demo"})
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Review("sms_signature", strconv.FormatInt(int64(sig.ID), 10), 1, ""); err != nil {
		t.Fatal(err)
	}
	tpl, err := c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "Reminder", TemplateContents: "Dear ${name}, see you on ${date}.", SignID: int64(sig.ID)})
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(int64(tpl.ID), 10)
	if err := sim.Review("sms_template", id, 1, ""); err != nil {
		t.Fatal(err)
	}
	rows := [][]any{{"mobile", "name", "date"}}
	for i := range 450 {
		rows = append(rows, []any{fmt.Sprintf("1380000%04d", i), fmt.Sprintf("Guest %d", i), "2026-12-01"})
	}
	params, err := be.Open.TemplateParams(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	list, probs, err := importer.ReadRecipients(book(t, "Recipients", rows), params, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	const read = "POST /open/sms/template/list"
	before := sim.Stats()[read]
	res, err := importer.Send(ctx, be.Open, list, importer.SendOptions{TemplateID: id, Journal: filepath.Join(t.TempDir(), "j")})
	if err != nil {
		t.Fatal(err)
	}
	sent := 0
	for _, r := range res {
		if r.Outcome == importer.SendSent {
			sent++
		}
	}
	st := sim.Stats()
	if sent != 450 || st["POST /open/sms/send"] != 3 {
		t.Fatalf("sent %d in %d requests, want 450 in 3", sent, st["POST /open/sms/send"])
	}
	if n := st[read] - before; n > 1 {
		t.Errorf("the send read the template %d times for 3 batches; once is enough", n)
	}
}
